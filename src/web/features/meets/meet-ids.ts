/** Where the booking card's meet panel says what a guest must do first; the host's Accept points at it. */
export const meetNeededId = (bookingId: string) => `meet-needed-${bookingId}`;
