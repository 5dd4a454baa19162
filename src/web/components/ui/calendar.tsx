import { useMemo } from 'react';
import { DayPicker, type ChevronProps, type DayPickerProps, type Formatters, type Labels } from 'react-day-picker';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { INTL_LOCALES } from '@/domain/locales';
import { calendarFormats } from '@/web/i18n/dates';
import { localeOf } from '@/web/i18n/i18n';
import { cn } from '@/web/lib/cn';

// react-day-picker styled with Tailwind only (no stylesheet of its own). Import this module
// lazily: only the chunks that show a calendar should carry the picker.

function Chevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon className={cn('size-5', className)} aria-hidden="true" />;
}

const navButton =
  'inline-flex size-10 items-center justify-center rounded-full text-stone-700 transition-colors hover:bg-stone-100 ' +
  'disabled:cursor-default disabled:opacity-35 disabled:hover:bg-transparent aria-disabled:opacity-35';

const rangeEnd = 'bg-primary-100 [&>button]:bg-primary-600 [&>button]:text-white [&>button]:hover:bg-primary-700';

/**
 * The calendar's words in a page's language other than English (react-day-picker speaks English
 * through date-fns; Intl knows Gujarati and Hindi without a locale module in the chunk).
 */
function translatedWords(i18n: I18n): { formatters: Partial<Formatters>; labels: Partial<Labels> } | undefined {
  const locale = localeOf(i18n);
  if (locale === 'en') return undefined;
  const words = calendarFormats(locale);
  return {
    formatters: { formatCaption: words.monthYear, formatWeekdayName: words.weekdayShort },
    labels: {
      labelGrid: words.monthYear,
      labelWeekday: words.weekdayLong,
      labelNav: () => i18n._(msg`Months`),
      labelNext: () => i18n._(msg`Go to the next month`),
      labelPrevious: () => i18n._(msg`Go to the previous month`),
      labelDayButton: (date, modifiers) => {
        const day = words.fullDate(date);
        const named = modifiers.today ? i18n._(msg`Today, ${day}`) : day;
        return modifiers.selected ? i18n._(msg`${named}, selected`) : named;
      },
    },
  };
}

export type CalendarProps = DayPickerProps;

export function Calendar({ classNames, className, ...props }: CalendarProps) {
  const { i18n } = useLingui();
  // The instance is the same after a switch of language; its locale is not.
  const words = useMemo(() => translatedWords(i18n), [i18n, i18n.locale]);
  return (
    <DayPicker
      // Its own default is its date-fns locale's, "en-US", whatever the words.
      lang={INTL_LOCALES[localeOf(i18n)]}
      formatters={words?.formatters}
      labels={words?.labels}
      showOutsideDays={false}
      className={cn('relative', className)}
      components={{ Chevron }}
      classNames={{
        root: 'relative',
        months: 'relative flex flex-col gap-6 sm:flex-row sm:gap-8',
        month: 'flex flex-col gap-2',
        month_caption: 'flex h-10 items-center justify-center',
        caption_label: 'text-[0.9375rem] font-semibold text-stone-900',
        nav: 'absolute inset-x-0 top-0 z-10 flex h-10 items-center justify-between',
        button_previous: navButton,
        button_next: navButton,
        chevron: '',
        month_grid: 'border-collapse',
        weekdays: '',
        weekday: 'h-9 w-11 p-0 text-xs font-medium text-stone-600',
        weeks: '',
        week: '',
        day: 'relative size-11 p-0 text-center text-sm first:rounded-l-full last:rounded-r-full',
        day_button:
          'relative mx-auto flex size-11 items-center justify-center rounded-full text-stone-900 tabular-nums transition-colors ' +
          'hover:bg-stone-100 focus-visible:outline-offset-0 disabled:cursor-not-allowed disabled:text-stone-400 disabled:line-through disabled:hover:bg-transparent',
        today: '[&>button]:font-bold [&>button]:underline [&>button]:decoration-primary-500 [&>button]:decoration-2 [&>button]:underline-offset-4',
        selected: '',
        range_start: cn('rounded-l-full', rangeEnd),
        range_end: cn('rounded-r-full', rangeEnd),
        range_middle: 'bg-primary-100 [&>button]:text-primary-900 [&>button]:hover:bg-primary-200',
        outside: 'text-stone-400',
        disabled: '',
        hidden: 'invisible',
        focused: '',
        ...classNames,
      }}
      {...props}
    />
  );
}
