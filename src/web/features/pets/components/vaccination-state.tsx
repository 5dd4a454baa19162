import { CircleAlert, CircleCheck, CircleDashed } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { IsoDate } from '@/domain/dates';
import { vaccinationDueOn, vaccinationState, type VaccinationState } from '@/domain/pet-profile';
import { cn } from '@/web/lib/cn';
import { formatDate } from '@/web/i18n/times';

// A vaccination's state as the owner reads it: current until its anniversary, due from then, or
// not recorded. One look for the card's badges and the form's line under each date.

// emerald-800 on emerald-50 is 7.4:1; amber-900 on amber-50 is 9.6:1; stone-700 on stone-100 is 8.6:1.
const STATE_CLASS: Record<VaccinationState, string> = {
  current: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-700/15',
  due: 'bg-amber-50 text-amber-900 ring-1 ring-amber-700/20',
  missing: 'bg-stone-100 text-stone-700',
};

const STATE_ICON = { current: CircleCheck, due: CircleAlert, missing: CircleDashed } as const;

/** "Current until 26 Nov 2027", "Due now", "Not recorded" (the card), or "Due 26 Nov 2027" (the form). */
export function vaccinationText(givenOn: IsoDate | null, today: IsoDate, wording: 'card' | 'form', i18n: I18n): { state: VaccinationState; text: string } {
  const state = vaccinationState(givenOn, today);
  if (state === 'missing' || givenOn === null) return { state: 'missing', text: i18n._(msg`Not recorded`) };
  if (state === 'due') return { state, text: wording === 'card' ? i18n._(msg`Due`) : i18n._(msg`Due now`) };
  const dueOn = formatDate(vaccinationDueOn(givenOn), i18n);
  return { state, text: wording === 'card' ? i18n._(msg`Current until ${dueOn}`) : i18n._(msg`Due ${dueOn}`) };
}

export function VaccinationBadge({
  givenOn,
  today,
  wording = 'card',
  className,
  id,
}: {
  givenOn: IsoDate | null;
  today: IsoDate;
  wording?: 'card' | 'form';
  className?: string;
  id?: string;
}) {
  const { i18n } = useLingui();
  const { state, text } = vaccinationText(givenOn, today, wording, i18n);
  const Icon = STATE_ICON[state];
  return (
    <span
      id={id}
      data-state={state}
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', STATE_CLASS[state], className)}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {text}
    </span>
  );
}
