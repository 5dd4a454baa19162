import { expect } from 'vitest';
import { inDays } from '../../modules/bookings/test-support';
import { all, signedIn, hostOnly, guestOnly, both, ids, type Matrix, type Row } from './matrix';

export function bookingRows({ w }: Matrix): Row[] {
  const L = w.listing.id;
  const stay = (from: number) => ({ listingId: L, fromDate: inDays(from), toDate: inDays(from + 2) });
  return [
    // Bookings. O's only pet is large, which A's listing does not take.
    { route: 'POST /api/bookings/quote', owner: 'public', body: () => stay(50), expect: all(200) },
    {
      route: 'POST /api/bookings/create',
      owner: 'self',
      body: () => ({ ...stay(40), size: 'small', note: '' }),
      expect: { anon: 401, O: 400, A: 403, G: 201 },
      check: (a, res) => {
        if (a === 'O') expect(res.json().error.code).toBe('no_pet_of_size');
        if (a === 'A') expect(res.json().error.code).toBe('own_listing');
      },
    },
    {
      // The listing page's request names a pet: G's pet is not O's to bring.
      route: 'POST /api/bookings',
      owner: 'G',
      body: () => ({ ...stay(44), petIds: [w.bookedPet.id] }),
      expect: { anon: 401, O: 404, A: 403, G: 201 },
      check: (a, res) => a === 'O' && expect(res.json().error.message).toBe('Pet not found'),
    },
    {
      route: 'GET /api/bookings',
      owner: 'self',
      expect: signedIn(200),
      check: (a, res) => {
        if (a === 'anon') return;
        const mine = ids(res.json().results);
        if (a === 'G') expect(mine).toContain(w.bookings.accepted);
        else expect(mine).toEqual([]);
      },
    },
    { route: 'GET /api/bookings/{id}', owner: 'A+G', params: { id: w.bookings.accepted }, expect: both(200), check: (a, res) => a !== 'O' && a !== 'anon' && expect(res.json().viewer_role).toBe(a === 'A' ? 'host' : 'guest') },
    {
      route: 'GET /api/host/bookings',
      owner: 'self',
      expect: signedIn(200),
      check: (a, res) => {
        if (a === 'anon') return;
        const theirs = ids(res.json().results);
        if (a === 'A') expect(theirs).toContain(w.bookings.accepted);
        else expect(theirs).toEqual([]);
      },
    },
    { route: 'POST /api/bookings/{id}/accept', owner: 'A', params: { id: w.bookings.toAccept }, expect: hostOnly(200), check: (a, res) => a === 'A' && expect(res.json().status).toBe('awaiting_payment') },
    { route: 'POST /api/bookings/{id}/decline', owner: 'A', params: { id: w.bookings.toDecline }, expect: hostOnly(200), check: (a, res) => a === 'A' && expect(res.json().status).toBe('declined') },
    { route: 'POST /api/bookings/{id}/cancel', owner: 'G', params: { id: w.bookings.toCancel }, expect: guestOnly(200), check: (a, res) => a === 'G' && expect(res.json().status).toBe('cancelled') },
    {
      route: 'POST /api/host/bookings/{id}/cancel',
      owner: 'A',
      params: { id: w.bookings.toHostCancel },
      expect: hostOnly(200),
      check: (a, res) => a === 'A' && expect(res.json()).toMatchObject({ status: 'cancelled', cancelled_by: 'host' }),
    },
  ];
}
