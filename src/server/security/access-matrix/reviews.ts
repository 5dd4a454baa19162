import { expect } from 'vitest';
import { all, signedIn, both, type Matrix, type Row } from './matrix';

export function reviewRows({ w }: Matrix): Row[] {
  const L = w.listing.id;
  return [
    // Reviews of the completed stay: the guest reviews the listing, the host the guest.
    {
      route: 'POST /api/bookings/{id}/review',
      owner: 'A+G',
      params: { id: w.bookings.completed },
      body: (a) => ({ rating: 5, body: a === 'A' ? 'A calm and friendly guest, welcome back any time.' : 'A lovely garden and a very caring host, thank you.' }),
      expect: both(201),
      check: (a, res) => a !== 'O' && a !== 'anon' && expect(res.json().kind).toBe(a === 'A' ? 'guest' : 'listing'),
    },
    { route: 'GET /api/listings/{id}/reviews', owner: 'public', params: { id: L }, expect: all(200), check: (_a, res) => expect(res.json().total).toBe(1) },
    // A paused listing is its host's alone, as its page is.
    { route: 'GET /api/listings/{id}/reviews', variant: 'paused', owner: 'A', params: { id: w.paused.id }, expect: { anon: 404, O: 404, G: 404, A: 200 } },
    { route: 'GET /api/reviews/mine', owner: 'self', expect: signedIn(200), check: (a, res) => a === 'O' && expect(res.json().results).toEqual([]) },
    { route: 'GET /api/reviews/pending', owner: 'self', expect: signedIn(200), check: (a, res) => a !== 'anon' && expect(res.json().results).toEqual([]) },
  ];
}
