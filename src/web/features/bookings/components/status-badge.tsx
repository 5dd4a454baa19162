import { useLingui } from '@lingui/react/macro';
import type { BookingStatus } from '@/domain/bookings';
import { BOOKING_STATUS_NAME } from '@/web/i18n/booking-status';
import { cn } from '@/web/lib/cn';

// A booking's status, for the guest and the host alike, in the page's language (web/i18n/booking-status.ts).

const STATUS_TONES: Record<BookingStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  awaiting_payment: 'bg-orange-100 text-orange-900',
  confirmed: 'bg-emerald-100 text-emerald-900',
  in_stay: 'bg-violet-100 text-violet-900',
  completed: 'bg-sky-100 text-sky-900',
  declined: 'bg-stone-200 text-stone-800',
  cancelled: 'bg-stone-200 text-stone-800',
  expired: 'bg-stone-200 text-stone-800',
  lapsed: 'bg-stone-200 text-stone-800',
};

export function BookingStatusBadge({ status, className }: { status: BookingStatus; className?: string }) {
  const { i18n } = useLingui();
  return <span className={cn('inline-flex items-center rounded-full px-3 py-1 text-xs font-bold', STATUS_TONES[status], className)}>{i18n._(BOOKING_STATUS_NAME[status])}</span>;
}
