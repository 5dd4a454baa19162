import { PaymentProviderError } from '../../payments/razorpay';
import { applyProviderPayment, PaymentRejected } from './capture';
import type { PaymentDeps } from './deps';
import { releaseDuePayouts } from './payouts';
import { selectOrdersToReconcile } from './queries';
import { takeBackDueRecoveries } from './recoveries';
import { sendDueRefunds } from './refunds';
import { createDueTransfers, linkPayoutAccounts } from './transfers';

// The payments job: links hosts' payout accounts and transfers their payouts (Route), sends the
// refunds decided, releases hosts' payouts that are due, takes back what hosts owe of earlier
// payouts once there is money to take it from (decision 055), and reconciles with the provider what its
// webhooks and Checkout's callback may both have missed (a payment of an order left unpaid for 15
// minutes; a refund pending for 15 minutes is asked about by sendDueRefunds).

export const RECONCILE_AFTER_MINUTES = 15;
const ORDER_BATCH = 50;

/** Asks the provider about orders unpaid for 15 minutes, and applies the payments it reports. */
export async function reconcileOrders(deps: PaymentDeps): Promise<{ reconciled: number }> {
  const orders = await selectOrdersToReconcile(deps.db, RECONCILE_AFTER_MINUTES, ORDER_BATCH);
  if (orders.length === 0) return { reconciled: 0 };
  const { gateway } = await deps.payments.account();
  let applied = 0;
  for (const order of orders) {
    try {
      for (const payment of await gateway.fetchOrderPayments(order.provider_order_id)) {
        const outcome = await applyProviderPayment(deps, payment);
        if (outcome !== 'repeat' && outcome !== 'pending') applied++;
      }
    } catch (err) {
      if (!(err instanceof PaymentProviderError || err instanceof PaymentRejected)) throw err;
      deps.log.warn({ orderId: order.provider_order_id, err: err.message }, 'payments: could not reconcile an order; will ask again');
    }
  }
  return { reconciled: applied };
}

/** One run of the payments job. */
export async function runPaymentJob(deps: PaymentDeps): Promise<Record<string, number>> {
  return {
    ...(await linkPayoutAccounts(deps)),
    ...(await createDueTransfers(deps)),
    ...(await sendDueRefunds(deps)),
    ...(await reconcileOrders(deps)),
    ...(await releaseDuePayouts(deps)),
    ...(await takeBackDueRecoveries(deps)),
  };
}
