// A branch of the web's query-key tree (index.ts, decision 045).

export const bookings = {
  /** Everything a booking changes on the guest's side (the host's are under host.bookings). */
  all: ['bookings'] as const,
  mine: ['bookings', 'mine'] as const,
};
