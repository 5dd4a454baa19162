import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BookingStatus } from '@/domain/bookings';

/**
 * A booking's status in the page's language (`i18n._(BOOKING_STATUS_NAME[status])`): the words of
 * domain/bookings.ts BOOKING_STATUS_LABELS, which the server's texts use. Its own module, for the
 * bookings' badges and the conversations' headers, and no first view that shows neither.
 */
export const BOOKING_STATUS_NAME: Readonly<Record<BookingStatus, MessageDescriptor>> = {
  requested: msg({ message: 'Pending', context: 'booking status' }),
  awaiting_payment: msg`Awaiting payment`,
  confirmed: msg({ message: 'Confirmed', context: 'booking status' }),
  in_stay: msg`Under way`,
  declined: msg({ message: 'Declined', context: 'booking status' }),
  cancelled: msg({ message: 'Cancelled', context: 'booking status' }),
  expired: msg({ message: 'Expired', context: 'booking status' }),
  lapsed: msg({ message: 'Not paid in time', context: 'booking status' }),
  completed: msg({ message: 'Completed', context: 'booking status' }),
};
