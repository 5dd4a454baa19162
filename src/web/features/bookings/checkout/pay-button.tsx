import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Checkout, CheckoutCallback } from '@/domain/contracts/payment';
import { formatInr } from '@/domain/money/units';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { completeCheckout, startCheckout } from '../api';
import * as queryKeys from '@/web/lib/query-keys';

// "Pay ₹X" on a booking awaiting payment: the server makes (or finds) the order for its total,
// Checkout takes the payment (Razorpay's window, or the test provider's page in test mode, each
// loaded on the first tap), and the signed answer goes back to the server, which confirms.

const TestCheckoutDialog = lazy(() => import('./test-checkout-dialog').then((m) => ({ default: m.TestCheckoutDialog })));

const message = (err: unknown, fallback: string) => (err instanceof ApiError && err.status >= 400 && err.code !== 'http_error' ? err.message : fallback);

export function PayButton({ bookingId, totalInr, listingTitle }: { bookingId: string; totalInr: number; listingTitle: string }) {
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState(false);
  const [testOrder, setTestOrder] = useState<Checkout>();
  const { t } = useLingui();
  const total = formatInr(totalInr);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });

  const finish = async (callback: CheckoutCallback) => {
    try {
      const result = await completeCheckout(callback);
      setTestOrder(undefined);
      if (result.status === 'confirmed') toast.success(t`Payment received. Your stay is confirmed.`);
      // Authorised but not yet captured: the provider's webhook confirms it in a moment.
      else if (result.status === 'awaiting_payment') toast.success(t`Payment received. Your stay will be confirmed in a few minutes.`);
      else toast.error(t`This stay could no longer be booked, so your payment will be refunded in full.`);
    } catch (err) {
      setTestOrder(undefined);
      toast.error(message(err, t`Your payment is being confirmed. Please check back in a few minutes.`));
    } finally {
      void refresh();
    }
  };

  const pay = async () => {
    setOpening(true);
    try {
      const order = await startCheckout(bookingId);
      if (order.provider === 'test') {
        setTestOrder(order);
      } else {
        const { openRazorpayCheckout } = await import('./razorpay-checkout');
        await openRazorpayCheckout(order, {
          onPaid: (callback) => void finish(callback),
          onFailed: (description) => toast.error(t`Payment failed: ${description}. You can try again.`),
          onClosed: () => void refresh(),
        });
      }
    } catch (err) {
      toast.error(message(err, t`Checkout could not be opened. Please try again.`));
      void refresh();
    } finally {
      setOpening(false);
    }
  };

  return (
    <>
      <Button size="sm" onClick={() => void pay()} disabled={opening} aria-label={t`Pay ${total} for ${listingTitle}`}>
        {opening && <Loader2 className="animate-spin" aria-hidden="true" />}
        <Trans>Pay {total}</Trans>
      </Button>
      {testOrder && (
        <Suspense fallback={null}>
          <TestCheckoutDialog order={testOrder} onPaid={finish} onClose={() => setTestOrder(undefined)} />
        </Suspense>
      )}
    </>
  );
}
