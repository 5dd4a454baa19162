// What other modules may use of bookings.
export { bookingNotFound } from './service';
