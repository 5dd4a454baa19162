import { useId, type ReactNode } from 'react';
import { FieldError } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';

// The listing form's building blocks: a titled section, a rupee input, a group of chips.

export function FormSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-5 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10">
      <div className="lg:pt-7">
        <h2 id={id} className="text-lg font-bold tracking-tight text-stone-900">
          {title}
        </h2>
        <p className="mt-1 text-[0.9375rem] leading-relaxed text-stone-600">{description}</p>
      </div>
      <div className="flex min-w-0 flex-col gap-6 surface-card p-5 sm:p-7">{children}</div>
    </section>
  );
}

export function RupeeInput(props: React.ComponentProps<'input'>) {
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-stone-500">
        ₹
      </span>
      <Input {...props} type="text" inputMode="numeric" autoComplete="off" className="pl-9 tabular-nums" />
    </div>
  );
}

export function ChipGroup({ label, error, hint, children }: { label: string; error?: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2.5">
      <span id={`${id}-label`} className="text-sm font-semibold text-stone-800">
        {label}
      </span>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className="flex flex-wrap gap-2"
      >
        {children}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
