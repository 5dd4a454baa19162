import type { LedgerLine } from './queries';

// The ledger's movements for a guest's money (PRODUCT.md section 7, docs/decisions/027). Double
// entry: each movement's lines sum to zero (debits positive), so each booking's rows do too.
// Part 2 of the money (issue 22) splits guest_payments into the stay, its GST, the host's fee and
// payable; the movements here stay as they are.

export const LEDGER_ACCOUNTS = {
  /** Money held at the payment provider. */
  providerCash: 'provider_cash',
  /** What guests paid for stays, owed onward (to hosts, to tax) until refunded. */
  guestPayments: 'guest_payments',
  /** Refunds decided and not yet processed by the provider. */
  refundsPayable: 'refunds_payable',
} as const;

const { providerCash, guestPayments, refundsPayable } = LEDGER_ACCOUNTS;

/** The provider captured a guest's payment. */
export const paymentCaptured = (paise: number): LedgerLine[] => [
  { account: providerCash, amountPaise: paise },
  { account: guestPayments, amountPaise: -paise },
];

/** A refund is owed (a cancellation, or a payment for a stay no longer bookable). */
export const refundDecided = (paise: number): LedgerLine[] => [
  { account: guestPayments, amountPaise: paise },
  { account: refundsPayable, amountPaise: -paise },
];

/** The provider processed the refund: the money left. */
export const refundPaid = (paise: number): LedgerLine[] => [
  { account: refundsPayable, amountPaise: paise },
  { account: providerCash, amountPaise: -paise },
];
