import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { CalendarDays } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { todayInIndia, type IsoDate } from '@/domain/dates';
import { cn } from '@/web/lib/cn';
import { describeRange, type DateRangeValue } from '@/web/lib/date-range';
import { useMediaQuery } from '@/web/lib/use-media-query';
import { pressCode } from '@/web/lib/press-code';

// Only the trigger is in the page's chunk. The calendar (react-day-picker) and its container (a
// popover on wide screens, a bottom sheet on phones) load when the picker is about to open.
const loadPanel = () => import('./date-range-panel');
const DateRangePopover = lazy(() => loadPanel().then((m) => ({ default: m.DateRangePopover })));
const DateRangeSheet = lazy(() => loadPanel().then((m) => ({ default: m.DateRangeSheet })));

export type DateRangePickerProps = {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /**
   * `field`: an input-like button, labelled by an outside label (`aria-labelledby`).
   * `segment`: a borderless button with its `label` inside, for a search bar.
   */
  variant?: 'field' | 'segment';
  label?: string;
  'aria-labelledby'?: string;
  id?: string;
  placeholder?: string;
  /** The first day that can be picked; today in India by default (past dates are disabled). */
  minDate?: IsoDate;
  numberOfMonths?: number;
  className?: string;
};

export function DateRangePicker({
  value,
  onChange,
  variant = 'field',
  label,
  id,
  placeholder,
  minDate,
  numberOfMonths = 2,
  className,
  'aria-labelledby': labelledBy,
}: DateRangePickerProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const wide = useMediaQuery('(min-width: 640px)');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const valueId = useId();
  const { t, i18n } = useLingui();
  const text = describeRange(value, i18n);
  const shown = placeholder ?? t`Add dates`;
  const first = minDate ?? todayInIndia();

  const panelProps = {
    value,
    onChange,
    minDate: first,
    numberOfMonths,
    onDone: () => setOpen(false),
  };

  const trigger = (
    <button
      ref={buttonRef}
      type="button"
      id={id}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-labelledby={labelledBy ? `${labelledBy} ${valueId}` : undefined}
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      {...pressCode('datePanel')}
      onClick={() => {
        if (!open && wide) makeRoomBelow(buttonRef.current);
        setUsed(true);
        setOpen((o) => !o);
      }}
      className={cn(
        variant === 'field'
          ? 'flex h-12 w-full items-center gap-3 rounded-xl border border-stone-300 bg-white px-4 text-left text-base shadow-xs transition-colors hover:border-stone-400 focus-visible:border-primary-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary-600/30 aria-expanded:border-primary-600'
          : 'flex w-full flex-col items-start rounded-2xl px-4 py-2.5 text-left transition-colors hover:bg-stone-100 focus-visible:outline-offset-0 aria-expanded:bg-stone-100 sm:rounded-full sm:px-6',
        className,
      )}
    >
      {variant === 'field' ? (
        <>
          <CalendarDays className="size-5 shrink-0 text-stone-500" aria-hidden="true" />
          <Value id={valueId} text={text} placeholder={shown} />
        </>
      ) : (
        <>
          <span className="text-xs font-semibold text-stone-900">{label}</span>
          <Value id={valueId} text={text} placeholder={shown} />
        </>
      )}
    </button>
  );

  return (
    <>
      {trigger}
      {used && (
        <Suspense fallback={null}>
          {wide ? (
            <DateRangePopover {...panelProps} open={open} onOpenChange={setOpen} anchor={buttonRef} />
          ) : (
            <DateRangeSheet {...panelProps} open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
          )}
        </Suspense>
      )}
    </>
  );
}

/** About the height of the two-month popover. */
const PANEL_HEIGHT = 470;
/** The sticky header's height and a little air. */
const HEADER_SPACE = 88;

/**
 * Scrolls the page so that the popover fits under its trigger (a booking card low on the
 * screen would otherwise open it upwards, squeezed under the sticky header).
 */
function makeRoomBelow(trigger: HTMLElement | null) {
  if (!trigger) return;
  const rect = trigger.getBoundingClientRect();
  const missing = PANEL_HEIGHT - (window.innerHeight - rect.bottom);
  if (missing <= 0) return;
  const top = Math.min(missing, rect.top - HEADER_SPACE);
  if (top > 0) window.scrollBy({ top, behavior: 'instant' });
}

function Value({ id, text, placeholder }: { id: string; text: string | undefined; placeholder: string }): ReactNode {
  return (
    <span id={id} className={cn('truncate text-[0.9375rem]', text ? 'text-stone-900' : 'text-stone-600')}>
      {text ?? placeholder}
    </span>
  );
}
