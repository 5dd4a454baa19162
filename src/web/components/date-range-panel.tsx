import type { RefObject } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { daysBetween, fromLocalDate, toLocalDate, type IsoDate } from '@/domain/dates';
import { describeRange, nextDateRange, type DateRangeValue } from '@/web/lib/date-range';
import { formatNights } from '@/web/i18n/dates';
import { Button } from './ui/button';
import { Calendar } from './ui/calendar';
import { Popover, PopoverAnchor, PopoverContent } from './ui/popover';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from './ui/sheet';

// Loaded lazily by DateRangePicker: the calendar and its phone sheet.

type PanelProps = {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  minDate: IsoDate;
  numberOfMonths: number;
  onDone: () => void;
};

const CHOOSE_DATES = msg`Choose your dates`;

function rangeSummary(value: DateRangeValue, i18n: I18n): string {
  const nights = value.from && value.to ? daysBetween(value.from, value.to) : 0;
  if (nights > 0) return formatNights(nights, i18n);
  return value.from ? i18n._(msg`Now pick your check-out day`) : i18n._(msg`Pick your check-in day`);
}

function RangeCalendar({ value, onChange, minDate, numberOfMonths }: Omit<PanelProps, 'onDone'>) {
  const selected = value.from ? { from: toLocalDate(value.from), to: toLocalDate(value.to ?? value.from) } : undefined;
  return (
    <Calendar
      mode="range"
      // Keyboard users land on the selected day (or today) and move with the arrow keys.
      autoFocus
      numberOfMonths={numberOfMonths}
      selected={selected}
      // The range rules are ours (SPEC.md section 4), applied to the clicked day.
      onSelect={(_range, day) => onChange(nextDateRange(value, fromLocalDate(day)))}
      disabled={{ before: toLocalDate(minDate) }}
      startMonth={toLocalDate(minDate)}
      defaultMonth={toLocalDate(value.from ?? minDate)}
    />
  );
}

function Footer({ value, onChange, onDone }: Pick<PanelProps, 'value' | 'onChange' | 'onDone'>) {
  return (
    <div className="flex items-center justify-between gap-3">
      <Button variant="ghost" size="sm" onClick={() => onChange({})} disabled={!value.from}>
        <Trans>Clear dates</Trans>
      </Button>
      <Button size="sm" onClick={onDone} className="px-6">
        <Trans>Done</Trans>
      </Button>
    </div>
  );
}

type ContainerProps = PanelProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** A popover under the trigger on wide screens. */
export function DateRangePopover({ open, onOpenChange, anchor, ...props }: ContainerProps & { anchor: RefObject<HTMLButtonElement | null> }) {
  const { i18n } = useLingui();
  const text = describeRange(props.value, i18n);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor} />
      <PopoverContent
        aria-label={i18n._(CHOOSE_DATES)}
        className="w-auto p-5"
        // The trigger toggles the picker itself; focus goes back to it on close.
        onInteractOutside={(e) => {
          if (anchor.current?.contains(e.target as Node)) e.preventDefault();
        }}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          anchor.current?.focus();
        }}
      >
        <div className="mb-3 flex items-baseline justify-between gap-4" aria-live="polite">
          <p className="text-sm font-semibold text-stone-900">{rangeSummary(props.value, i18n)}</p>
          {text && <p className="text-sm text-stone-600">{text}</p>}
        </div>
        <RangeCalendar {...props} />
        <div className="mt-4 border-t border-stone-200 pt-4">
          <Footer {...props} />
        </div>
      </PopoverContent>
    </Popover>
  );
}

/** A bottom sheet on phones: the two months scroll, the buttons stay in reach. */
export function DateRangeSheet({
  open,
  onOpenChange,
  returnFocusTo,
  ...props
}: ContainerProps & { returnFocusTo: RefObject<HTMLButtonElement | null> }) {
  const { t, i18n } = useLingui();
  const text = describeRange(props.value, i18n);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="bottom" closeLabel={t`Close calendar`} className="h-[90dvh] overflow-hidden" returnFocusTo={returnFocusTo}>
        <SheetHeader className="border-b border-stone-200 pb-4">
          <SheetTitle>{i18n._(CHOOSE_DATES)}</SheetTitle>
          <SheetDescription aria-live="polite">
            {rangeSummary(props.value, i18n)}
            {text && props.value.to ? ` · ${text}` : ''}
          </SheetDescription>
        </SheetHeader>
        <div className="flex flex-1 justify-center overflow-y-auto px-4 py-4">
          <RangeCalendar {...props} />
        </div>
        <div className="border-t border-stone-200 px-6 py-4">
          <Footer {...props} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
