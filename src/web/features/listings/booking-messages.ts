// The booking card's fixed texts. Word for word the same as BOOKING_MESSAGES.missing and
// BOOKING_NOTE_MAX in domain/schemas/booking.ts (booking-messages.test.ts checks it); not imported
// from there, because that module brings zod (about 40 KB) into the listing page's first view.

/** SPEC.md section 8. */
export const MISSING_DATES_OR_SIZE = 'Please select dates and pet size';
export const NOTE_MAX = 1000;
