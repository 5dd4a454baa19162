import { useId } from 'react';
import {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_LABELS,
  CANCELLATION_POLICY_SUMMARIES,
  type CancellationPolicy,
} from '@/domain/money/cancellation';
import { cn } from '@/web/lib/cn';

/** The three policies as radio cards: a guest's refund depends on the one chosen here. */
export function CancellationPolicyField({
  value,
  onChange,
}: {
  value: CancellationPolicy;
  onChange: (policy: CancellationPolicy) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2.5">
      <legend className="mb-2.5 text-sm font-semibold text-stone-800">Cancellation policy</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {CANCELLATION_POLICIES.map((policy) => (
          <label
            key={policy}
            className={cn(
              'flex cursor-pointer flex-col gap-1.5 rounded-2xl border p-4 transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600',
              value === policy ? 'border-primary-600 bg-primary-50' : 'border-stone-300 hover:border-stone-400',
            )}
          >
            <span className="flex items-center gap-2 font-semibold text-stone-900">
              <input
                type="radio"
                name={name}
                value={policy}
                checked={value === policy}
                onChange={() => onChange(policy)}
                className="size-4 accent-primary-600"
              />
              {CANCELLATION_POLICY_LABELS[policy]}
              {policy === 'moderate' && <span className="text-xs font-medium text-stone-600">(default)</span>}
            </span>
            <span className="text-sm leading-relaxed text-stone-600">{CANCELLATION_POLICY_SUMMARIES[policy]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
