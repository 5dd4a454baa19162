import { useMemo } from 'react';
import { CalendarClock, CircleAlert } from 'lucide-react';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CancellationPolicy } from '@/domain/money/cancellation';
import { formatDateRange } from '@/domain/dates';
import { localeOf } from '@/web/i18n/i18n';
import { formatStayRange } from '@/web/i18n/dates';
import { refundOutlook } from '../refund-outlook';
import { formatInr } from '@/domain/money/units';
import type { Quote } from '@/domain/contracts/booking';
import { gstPercentFor } from '@/domain/money/pricing';
import { ApiError } from '@/web/lib/api';
import { PLATFORM_FEE_TEXT } from '@/domain/money/pricing-config';

// The booking card's price for the dates chosen (or why there is none): a chunk of its own, loaded
// with the quote once dates are chosen, since the first view has no dates.

export function PriceBreakdown({
  quote,
  failed,
  range,
  error,
  policy,
}: {
  /** Undefined only when `failed`: the card shows its skeleton until there is a quote or an error. */
  quote: Quote | undefined;
  failed: boolean;
  range: { from: string; to: string };
  error: unknown;
  policy: CancellationPolicy;
}) {
  const { i18n, t } = useLingui();
  const locale = localeOf(i18n);
  const rows = useMemo(() => {
    if (!quote) return [];
    const price = formatInr(quote.nightly_price_inr);
    const percent = gstPercentFor(quote.nightly_price_inr, range.from);
    return [
      [i18n._(msg`${plural(quote.nights, { one: `${price} × # night`, other: `${price} × # nights` })}`), formatInr(quote.subtotal_inr)],
      [i18n._(msg`GST (${percent}%)`), formatInr(quote.taxes_inr)],
    ] as const;
  }, [quote, range.from, i18n]);

  if (failed) {
    const message = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : t`We could not price these dates. Try again in a moment.`;
    return (
      <p role="alert" className="flex items-start gap-2 rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {message}
      </p>
    );
  }
  if (!quote) return null;
  return (
    <div data-testid="price-breakdown" aria-live="polite">
      <p className="mb-3 text-sm font-medium text-stone-600">{locale === 'en' ? formatDateRange(range.from, range.to) : formatStayRange(range.from, range.to, locale)}</p>
      <dl className="flex flex-col gap-2.5 text-[0.9375rem]">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 text-stone-700">
            <dt>{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="mt-1 flex justify-between gap-4 border-t border-stone-200 pt-3.5 text-base font-bold text-stone-900">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd className="tabular-nums">{formatInr(quote.total_inr)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs leading-relaxed text-stone-600">{t`No guest service fee: PawStay's ${PLATFORM_FEE_TEXT} fee is paid by the host.`}</p>
      <p className="mt-3 flex items-start gap-2 text-sm text-stone-700" data-testid="refund-outlook">
        <CalendarClock className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
        {refundOutlook(policy, range.from, new Date(), i18n)}
      </p>
    </div>
  );
}
