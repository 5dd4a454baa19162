import { Trans, useLingui } from '@lingui/react/macro';
import type { Step } from '../content/steps';
import { cn } from '@/web/lib/cn';

/** Numbered steps as an ordered list of cards. */
export function Steps({ steps, className }: { steps: Step[]; className?: string }) {
  const { i18n } = useLingui();
  return (
    <ol className={cn('grid gap-5 sm:grid-cols-2', steps.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3', className)}>
      {steps.map((step, index) => {
        const Icon = step.icon;
        return (
          <li key={step.title.id} className="relative flex flex-col gap-4 surface-card p-6">
            <div className="flex items-center justify-between">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-primary-100 text-primary-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <span className="rounded-full bg-sand-100 px-3 py-1 text-xs font-semibold tracking-wider text-stone-700 uppercase tabular-nums">
                <Trans>Step {index + 1}</Trans>
              </span>
            </div>
            <h3 className="text-lg font-semibold text-stone-900">
              {i18n._(step.title)}
            </h3>
            <p className="text-[0.9375rem] leading-relaxed text-stone-600">{i18n._(step.text)}</p>
          </li>
        );
      })}
    </ol>
  );
}
