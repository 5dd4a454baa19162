import { z } from 'zod';
import { badRequest } from '../../http/errors';
import { providerPaymentSchema, providerRefundSchema } from '../../payments/razorpay';
import { isWebhookSigned } from '../../payments/signatures';
import { applyProviderPayment, PaymentRejected } from './capture';
import type { PaymentDeps } from './deps';
import { applyRefundProcessed } from './refunds';

// Razorpay's webhooks (and the test gateway's, which are the same): the signature is checked on
// the raw body before anything is parsed. A bad signature, an unknown order or refund, or a wrong
// amount or currency answers 400 and changes nothing, and is logged for an operator; anything
// else answers 200 once applied, so the provider stops retrying.

const eventSchema = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: providerPaymentSchema }).optional(),
    refund: z.object({ entity: providerRefundSchema }).optional(),
  }),
});

export async function handleWebhook(deps: PaymentDeps, raw: string, signature: unknown, eventId: unknown): Promise<void> {
  // A bad signature is anyone's noise (a warning); a signed event the app cannot take is the
  // provider's word that something is off (money for an order we never made, or of another
  // amount): an operator must look, so it is an error.
  const refuse = (reason: string, signed = true) => {
    deps.log[signed ? 'error' : 'warn']({ eventId, reason }, 'payments: webhook refused');
    return badRequest(`Webhook refused: ${reason}`);
  };
  const { webhookSecret } = await deps.payments.account();
  if (!isWebhookSigned(raw, signature, webhookSecret)) throw refuse('bad signature', false);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw refuse('not JSON');
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) throw refuse(`unexpected shape (${z.prettifyError(parsed.error)})`);
  const { event, payload } = parsed.data;

  if (event.startsWith('payment.') && payload.payment) {
    try {
      await applyProviderPayment(deps, payload.payment.entity);
    } catch (err) {
      if (err instanceof PaymentRejected) throw refuse(err.message);
      throw err;
    }
  } else if (event === 'refund.processed' && payload.refund) {
    if ((await applyRefundProcessed(deps, payload.refund.entity)) === 'unknown') throw refuse(`unknown refund ${payload.refund.entity.id}`);
  }
  // Other events (order.paid, refund.created, …) say nothing the app acts on.
}
