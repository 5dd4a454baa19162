// Answers as Razorpay's API reference documents them (Orders, Payments, Refunds), trimmed of
// fields the app does not read: what a local server answers in the adapter's contract test, and
// the shapes the built-in test gateway must answer with.

export const ORDER = {
  id: 'order_IluGWxBm9U8zJ8',
  entity: 'order',
  amount: 1312500,
  amount_paid: 0,
  amount_due: 1312500,
  currency: 'INR',
  receipt: '6f1c2d1e-0000-4000-8000-000000000001',
  offer_id: null,
  status: 'created',
  attempts: 0,
  notes: { booking_id: '6f1c2d1e-0000-4000-8000-000000000001' },
  created_at: 1642662092,
};

export const PAYMENT = {
  id: 'pay_G8VQzjPLoAvm6D',
  entity: 'payment',
  amount: 1312500,
  currency: 'INR',
  status: 'captured',
  order_id: ORDER.id,
  invoice_id: null,
  international: false,
  method: 'upi',
  amount_refunded: 0,
  refund_status: null,
  captured: true,
  description: 'Stay at Garden bungalow',
  card_id: null,
  bank: null,
  wallet: null,
  vpa: 'gaurav.kumar@exampleupi',
  email: 'gaurav.kumar@example.com',
  contact: '+919000090000',
  notes: [],
  fee: 30975,
  tax: 4725,
  error_code: null,
  error_description: null,
  error_source: null,
  error_step: null,
  error_reason: null,
  acquirer_data: { rrn: '033814379298' },
  created_at: 1606985209,
};

export const REFUND = {
  id: 'rfnd_FP8QHiV938haTz',
  entity: 'refund',
  amount: 656250,
  receipt: '9a1c2d1e-0000-4000-8000-000000000002',
  currency: 'INR',
  payment_id: PAYMENT.id,
  notes: [],
  acquirer_data: { arn: null },
  created_at: 1597078866,
  batch_id: null,
  status: 'processed',
  speed_processed: 'normal',
  speed_requested: 'normal',
};

// Route (decisions 030 and 039): the composite Create Linked Account answer, a transfer from a
// payment, as Fetch Transfer documents it, a direct transfer, and a reversal.

export const LINKED_ACCOUNT = {
  id: 'acc_GLGeLkU2JUeyDZ',
  entity: 'linked_account',
  type: 'route',
  reference_id: '6f1c2d1e000040008000',
  status: 'created',
  email: 'ravi.kumar@example.com',
  phone: '+919876543210',
  legal_business_name: 'Ravi Kumar',
  business_type: 'individual',
  created_at: 1611136837,
};

export const TRANSFER = {
  id: 'trf_E9uhYLFLLZ2pks',
  entity: 'transfer',
  status: 'processed',
  settlement_status: 'on_hold',
  source: PAYMENT.id,
  recipient: LINKED_ACCOUNT.id,
  amount: 1183750,
  currency: 'INR',
  amount_reversed: 0,
  notes: { payout_id: '6f1c2d1e-0000-4000-8000-000000000002', booking_id: ORDER.receipt },
  fees: 0,
  tax: 0,
  on_hold: true,
  on_hold_until: 1671222870,
  recipient_settlement_id: null,
  created_at: 1580218356,
  linked_account_notes: [],
  processed_at: 1580218357,
};

/** A direct transfer from the merchant's balance (Route's Direct Transfers), as documented. */
export const DIRECT_TRANSFER = {
  id: 'trf_JqpKevElHShZkw',
  entity: 'transfer',
  status: 'processed',
  source: 'acc_CJoeHMNpi0nC7k',
  recipient: LINKED_ACCOUNT.id,
  amount: 100,
  currency: 'INR',
  amount_reversed: 0,
  fees: 1,
  tax: 0,
  notes: [],
  linked_account_notes: [],
  on_hold: false,
  on_hold_until: null,
  recipient_settlement_id: null,
  created_at: 1657273505,
  processed_at: 1657273505,
  error: { code: null, description: null, reason: null, field: null, step: null, id: 'trf_JqpKevElHShZkw', source: null, metadata: null },
};

export const REVERSAL = {
  id: 'rvrsl_EB0BWgGDAu7tOz',
  entity: 'reversal',
  transfer_id: TRANSFER.id,
  amount: 591875,
  fee: 0,
  tax: 0,
  currency: 'INR',
  notes: [],
  initiator_id: 'CJoeHMNpi0nC7k',
  customer_refund_id: null,
  created_at: 1580456007,
};

// Webhooks, as Razorpay's "Payments Webhook Events" and "Refunds Webhook Events" pages show them:
// an event whose payload holds, under `payload.<entity>.entity`, a snapshot of each entity it
// `contains`, sent with X-Razorpay-Signature over the raw body. A webhook's payment carries a few
// fields the API's answer above lacks (base_amount, amount_transferred, the UPI details).

const WEBHOOK_ACCOUNT = 'acc_BFQ7uQEaa7j2z7';

export const PAYMENT_CAPTURED_EVENT = {
  entity: 'event',
  account_id: WEBHOOK_ACCOUNT,
  event: 'payment.captured',
  contains: ['payment'],
  payload: {
    payment: {
      entity: { ...PAYMENT, base_amount: PAYMENT.amount, amount_transferred: 0, upi: { payer_account_type: 'bank_account', vpa: PAYMENT.vpa, flow: 'intent' } },
    },
  },
  created_at: 1606985212,
};

/** An earlier attempt at the same order, declined by the bank. */
export const PAYMENT_FAILED_EVENT = {
  entity: 'event',
  account_id: WEBHOOK_ACCOUNT,
  event: 'payment.failed',
  contains: ['payment'],
  payload: {
    payment: {
      entity: {
        ...PAYMENT,
        id: 'pay_DEAU825sJlCbGa',
        status: 'failed',
        method: 'netbanking',
        captured: false,
        bank: 'HDFC',
        vpa: null,
        fee: null,
        tax: null,
        error_code: 'BAD_REQUEST_ERROR',
        error_description: 'Payment failed',
        error_source: 'bank',
        error_step: 'payment_authorization',
        error_reason: 'payment_failed',
        acquirer_data: { bank_transaction_id: null },
        created_at: 1606985101,
      },
    },
  },
  created_at: 1606985102,
};

/** The refund above, processed; the payment as it stands after it. */
export const REFUND_PROCESSED_EVENT = {
  entity: 'event',
  account_id: WEBHOOK_ACCOUNT,
  event: 'refund.processed',
  contains: ['refund', 'payment'],
  payload: {
    refund: { entity: REFUND },
    payment: { entity: { ...PAYMENT, amount_refunded: REFUND.amount, refund_status: 'partial', base_amount: PAYMENT.amount, amount_transferred: 0 } },
  },
  created_at: 1597078870,
};
