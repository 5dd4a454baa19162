import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { webhookSignature } from '../signatures';
import type { WebhookPost } from './in-process';
import { gatewayAccount, leaseDueWebhooks, markRefundProcessed, markWebhookDelivered, markWebhookFailed, type DueWebhook } from './queries';

// The test gateway's webhook sender: each event POSTed to the app's webhook URL, signed over the
// exact body with the gateway's webhook secret and named by X-Razorpay-Event-Id, as Razorpay
// sends them. Retried with growing waits until the app answers 2xx; at least once, so the app
// must take a repeat calmly, as it must from Razorpay.

export const GATEWAY_WEBHOOK_POLICY = {
  batch: 10,
  /** A taken event is offered again after this, should its sender die mid-send. */
  leaseSeconds: 60,
  /** Waits after the 1st, 2nd ... failure; the last repeats. */
  retrySeconds: [5, 30, 120, 600, 3600],
  timeoutMs: 10_000,
} as const;

const retryAfter = (attempts: number) => GATEWAY_WEBHOOK_POLICY.retrySeconds[Math.min(attempts, GATEWAY_WEBHOOK_POLICY.retrySeconds.length) - 1]!;

/** The refund an event reports as processed: the gateway processes it as it says so. */
function processedRefundId(body: string): string | undefined {
  const event = JSON.parse(body) as { event: string; payload: { refund?: { entity: { id: string } } } };
  return event.event === 'refund.processed' ? event.payload.refund?.entity.id : undefined;
}

/** Sends every due webhook with `post`; safe in several processes at once. Returns the counts. */
export async function deliverGatewayWebhooks(db: Db, post: WebhookPost, log: Pick<FastifyBaseLogger, 'warn'>): Promise<{ delivered: number; failed: number }> {
  const { webhookSecret } = await gatewayAccount(db);
  let delivered = 0;
  let failed = 0;
  const send = async (hook: DueWebhook) => {
    const refundId = processedRefundId(hook.body);
    if (refundId) await markRefundProcessed(db, refundId);
    try {
      const status = await post({
        body: hook.body,
        headers: { 'x-razorpay-signature': webhookSignature(hook.body, webhookSecret), 'x-razorpay-event-id': hook.event_id },
      });
      if (status < 200 || status > 299) throw new Error(`the app answered ${status}`);
    } catch (err) {
      failed++;
      const message = err instanceof Error ? err.message : String(err);
      await markWebhookFailed(db, hook, message, retryAfter(hook.attempts));
      log.warn({ eventId: hook.event_id, attempts: hook.attempts, err: message }, 'test gateway: webhook not delivered; will retry');
      return;
    }
    await markWebhookDelivered(db, hook);
    delivered++;
  };
  for (;;) {
    const batch = await leaseDueWebhooks(db, GATEWAY_WEBHOOK_POLICY.batch, GATEWAY_WEBHOOK_POLICY.leaseSeconds);
    // One at a time, in the order they were queued: a payment's events reach the app in order
    // when nothing fails, as they mostly do from Razorpay (the app must not rely on it).
    for (const hook of batch) await send(hook);
    if (batch.length < GATEWAY_WEBHOOK_POLICY.batch) break;
  }
  return { delivered, failed };
}
