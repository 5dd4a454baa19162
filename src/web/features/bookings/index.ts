// What other features may use of bookings: the listing page's booking card, the search sheet's
// request form, the guest's bookings (dashboard) and the host's requests (/host).
export { hostBookingsQuery } from './api';
export { GuestBookings } from './components/guest-bookings';
export { HostBookingRequests } from './components/host-booking-requests';
export { ListingBookingCard } from './components/listing-booking-card';
export { SheetRequestForm } from './components/sheet-request-form';
