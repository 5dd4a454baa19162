import { expect } from 'vitest';
import { inDays } from '../../modules/bookings/test-support';
import { multipartBody, testJpeg } from '../../test/listings';
import { callSlots } from '../../../domain/verification';
import { ACTORS } from '../access-world';
import { signedIn, type Matrix, type Row } from './matrix';

export function hostAccountRows({ t, w }: Matrix): Row[] {
  return [
    // A host's money settings and payouts are their own: each caller reads and writes only theirs.
    { route: 'GET /api/host/tax-profile', owner: 'self', expect: signedIn(200) },
    { route: 'PUT /api/host/tax-profile', owner: 'self', body: () => ({ gst_registered: false, pan: 'ABCPK1234Q' }), expect: signedIn(200), check: (a, res) => a !== 'anon' && expect(res.json().pan).toBe('ABCPK••••Q') },
    { route: 'GET /api/host/payout-account', owner: 'self', expect: signedIn(200) },
    {
      route: 'PUT /api/host/payout-account',
      owner: 'self',
      body: (a) => ({ kind: 'upi', holder_name: `Matrix ${a}`, phone: '9876543210', upi_id: `matrix.${a.toLowerCase()}@okaxis` }),
      expect: signedIn(200),
      check: (a, res) => a !== 'anon' && expect(res.json()).toEqual({ kind: 'upi', holder_name: `Matrix ${a}`, last4: 'axis', status: 'linked', problem: null }),
    },
    { route: 'GET /api/host/payouts', owner: 'self', expect: signedIn(200), check: (a, res) => a !== 'anon' && expect(res.json().paid).toEqual([]) },
    // Statements read the caller's own ledger: only A's shows the paid stay.
    { route: 'GET /api/host/statements', owner: 'self', expect: signedIn(200), check: (a, res) => a !== 'anon' && expect(res.json().months).toHaveLength(a === 'A' ? 1 : 0) },
    {
      route: 'GET /api/host/statements/{month}',
      owner: 'self',
      params: { month: inDays(0).slice(0, 7) },
      query: 'format=csv',
      expect: signedIn(200),
      check: (a, res) => a !== 'anon' && expect(res.body.includes(w.bookings.paid)).toBe(a === 'A'),
    },
    // Host verification (issue 23): each caller's own; G has no listing photos to confirm.
    { route: 'GET /api/host/verification', owner: 'self', expect: signedIn(200), check: (a, res) => a !== 'anon' && expect(res.json().status).toMatch(/^(none|draft|submitted)$/) },
    {
      route: 'PUT /api/host/verification/id-document',
      owner: 'self',
      expect: signedIn(200),
      send: async (cookie) => {
        const { payload, headers } = await multipartBody([{ filename: 'id.jpg', content: await testJpeg(), field: 'file' }], { id_type: 'passport' });
        return t.app.inject({ method: 'PUT', url: '/api/host/verification/id-document', headers: { ...headers, ...(cookie ? { cookie } : {}) }, payload });
      },
    },
    { route: 'PUT /api/host/verification/photos', owner: 'self', body: () => ({ confirmed: true }), expect: { anon: 401, O: 200, A: 200, G: 400 } },
    {
      route: 'PUT /api/host/verification/call',
      owner: 'self',
      // One host per slot: each caller its own.
      body: (a) => ({ starts_at: callSlots()[1]!.starts[ACTORS.indexOf(a)]! }),
      expect: signedIn(200),
    },
    { route: 'POST /api/host/verification/submit', owner: 'self', expect: { anon: 401, O: 200, A: 200, G: 400 } },
  ];
}
