import { useId, useState, type FormEvent } from 'react';
import { CreditCard, FlaskConical, Loader2, Smartphone } from 'lucide-react';
import type { Checkout, CheckoutCallback } from '@/domain/contracts/payment';
import { formatPaise } from '@/domain/money/units';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { cn } from '@/web/lib/cn';

// The built-in test provider's checkout (docs/decisions/025): what Razorpay's window is with real
// keys, in the app and marked "Test mode". The payer picks UPI or card and whether the payment
// succeeds; the test gateway answers with the same signed callback, or error, as Razorpay's.

type Method = 'upi' | 'card';
type Outcome = 'success' | 'failure';
type GatewayAnswer = { paid: true; callback: CheckoutCallback } | { paid: false; error: { description: string } };

function Choice<T extends string>({ name, value, current, onChange, children }: { name: string; value: T; current: T; onChange: (v: T) => void; children: React.ReactNode }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-2xl border px-4 py-3 text-[0.9375rem] font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-600',
        current === value ? 'border-primary-600 bg-primary-50 text-stone-900' : 'border-stone-200 text-stone-700 hover:border-stone-300',
      )}
    >
      <input type="radio" name={name} value={value} checked={current === value} onChange={() => onChange(value)} className="size-4 accent-primary-700" />
      {children}
    </label>
  );
}

export function TestCheckoutDialog({ order, onPaid, onClose }: { order: Checkout; onPaid: (callback: CheckoutCallback) => Promise<void>; onClose: () => void }) {
  const [method, setMethod] = useState<Method>('upi');
  const [outcome, setOutcome] = useState<Outcome>('success');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const errorId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const res = await fetch(order.test_checkout_url!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key_id: order.key_id, method, outcome }),
      });
      const answer = (await res.json()) as GatewayAnswer | { error: { description: string } };
      if (!res.ok || !('paid' in answer)) throw new Error('error' in answer ? answer.error.description : 'The test gateway did not answer');
      if (answer.paid) await onPaid(answer.callback);
      else setError(answer.error.description);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The payment could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent aria-describedby={undefined}>
        <DialogHeader>
          <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-bold text-amber-900">
            <FlaskConical className="size-3.5" aria-hidden="true" />
            Test mode
          </p>
          <DialogTitle>Pay {formatPaise(order.amount_paise)}</DialogTitle>
          <DialogDescription>
            {order.description}. No real money moves: choose how the payment goes.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-5" aria-describedby={error ? errorId : undefined}>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-semibold text-stone-900">Pay with</legend>
            <div className="grid grid-cols-2 gap-2">
              <Choice name="method" value="upi" current={method} onChange={setMethod}>
                <Smartphone className="size-4 text-stone-500" aria-hidden="true" /> UPI
              </Choice>
              <Choice name="method" value="card" current={method} onChange={setMethod}>
                <CreditCard className="size-4 text-stone-500" aria-hidden="true" /> Card
              </Choice>
            </div>
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-semibold text-stone-900">Outcome</legend>
            <div className="grid grid-cols-2 gap-2">
              <Choice name="outcome" value="success" current={outcome} onChange={setOutcome}>
                Payment succeeds
              </Choice>
              <Choice name="outcome" value="failure" current={outcome} onChange={setOutcome}>
                Payment fails
              </Choice>
            </div>
          </fieldset>
          {error && (
            <p id={errorId} role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-800">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              {error ? 'Try again' : `Pay ${formatPaise(order.amount_paise)}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
