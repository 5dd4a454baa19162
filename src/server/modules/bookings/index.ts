// What other modules may use of bookings, and its step of the lifecycle job (jobs/lifecycle.ts).
// Every change of a booking's status is one of the moves of status.ts: payments calls confirmPaid.
export { bookingNotFound, requestBooking } from './service';
export { remindUnpaidStays, type SettledBookings, settleDueBookings } from './lifecycle';
export { endOpenBookingsOf } from './transitions';
export type { BookingDeps, QueueRefund } from './service';
export { checkInStay, checkOutStay, confirmPaid } from './status';
export { lockBookingForUpdate, type LockedBooking, markHomeConfirmed } from './queries';
export { tellGuest, tellHost } from './notices';
