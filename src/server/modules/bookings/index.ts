// What other modules may use of bookings, and its step of the lifecycle job (jobs/lifecycle.ts).
export { bookingNotFound } from './service';
export { type SettledBookings, settleDueBookings } from './lifecycle';
export { endOpenBookingsOf } from './transitions';
export type { BookingDeps } from './service';
