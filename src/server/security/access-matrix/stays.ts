import { expect } from 'vitest';
import { MINIMAL_CARE_SHEET } from '../../test/care-sheets';
import { multipartBody, testJpeg } from '../../test/listings';
import { both, guestOnly, type Matrix, type Row } from './matrix';

// The stay itself (issue 37): the paid stay is its guest's and its host's; the care sheet is the
// guest's to write, check-in and check-out the host's to press (the stay starts in 36 days, so
// the host's press is refused for its date, after everyone else's for who they are).
export function stayRows({ w, t }: Matrix): Row[] {
  const id = w.bookings.paid;
  return [
    { route: 'GET /api/stays/{id}', owner: 'A+G', params: { id }, expect: both(200), check: (a, res) => (a === 'A' || a === 'G') && expect(res.json().viewer_role).toBe(a === 'A' ? 'host' : 'guest') },
    {
      route: 'PUT /api/stays/{id}/care-sheets/{petId}',
      owner: 'G',
      params: { id, petId: w.bookedPet.id },
      body: () => MINIMAL_CARE_SHEET,
      expect: guestOnly(200),
      check: (a, res) => a === 'G' && expect(res.json().pets[0].care_sheet.vet.phone).toBe('+917926401234'),
    },
    {
      route: 'POST /api/stays/{id}/check-in',
      owner: 'A',
      params: { id },
      expect: { anon: 401, O: 404, G: 404, A: 409 },
      check: (a, res) => a === 'A' && expect(res.json().error.message).toBe('A stay can be checked in from its check-in day'),
    },
    {
      route: 'POST /api/stays/{id}/check-out',
      owner: 'A',
      params: { id },
      expect: { anon: 401, O: 404, G: 404, A: 409 },
      check: (a, res) => a === 'A' && expect(res.json().error.message).toBe('Only a stay under way can be checked out'),
    },
    {
      route: 'POST /api/stays/{id}/updates',
      owner: 'A',
      params: { id },
      expect: { anon: 401, O: 404, G: 404, A: 409 },
      send: async (cookie) => {
        const { payload, headers } = await multipartBody([], { note: 'Matrix update' });
        return t.app.inject({ method: 'POST', url: `/api/stays/${id}/updates`, headers: { ...headers, ...(cookie ? { cookie } : {}) }, payload });
      },
      check: (a, res) => a === 'A' && expect(res.json().error.message).toBe('Updates can be posted while the stay is under way'),
    },
    // A problem is reported during the stay or after it: this one has not begun.
    {
      route: 'POST /api/stays/{id}/incidents',
      owner: 'A+G',
      params: { id },
      body: () => ({ kind: 'health', description: 'Matrix problem' }),
      expect: { anon: 401, O: 404, A: 409, G: 409 },
      check: (a, res) => (a === 'A' || a === 'G') && expect(res.json().error.message).toBe('A problem can be reported during a stay and for 48 hours after it'),
    },
    // The same, sent as a form with a photo: refused before the photo is read.
    {
      route: 'POST /api/stays/{id}/incidents',
      owner: 'A+G',
      params: { id },
      send: async (cookie) => {
        const { payload, headers } = await multipartBody([{ filename: 'gap.jpg', content: await testJpeg(), type: 'image/jpeg' }], { kind: 'damage', description: 'Matrix problem with a photo' });
        return t.app.inject({ method: 'POST', url: `/api/stays/${id}/incidents`, headers: { ...headers, ...(cookie ? { cookie } : {}) }, payload });
      },
      expect: { anon: 401, O: 404, A: 409, G: 409 },
      check: (a, res) => (a === 'A' || a === 'G') && expect(res.json().error.message).toBe('A problem can be reported during a stay and for 48 hours after it'),
    },
    // Nobody is asked what happened to the arrival of a stay that has not begun; "All well" is the
    // guest's alone, after a check-out.
    {
      route: 'POST /api/stays/{id}/arrival',
      owner: 'A+G',
      params: { id },
      body: () => ({ answer: 'arriving_late' }),
      expect: { anon: 401, O: 404, A: 409, G: 409 },
      check: (a, res) => (a === 'A' || a === 'G') && expect(res.json().error.message).toBe("This stay's arrival is not in question: it was checked in, our team has decided, or its check-in day is not over"),
    },
    {
      route: 'POST /api/stays/{id}/all-well',
      owner: 'G',
      params: { id },
      expect: { anon: 401, O: 404, A: 404, G: 409 },
      check: (a, res) => a === 'G' && expect(res.json().error.message).toBe(`"All well" can be said for 24 hours after the host's check-out`),
    },
    // The stay has no photo yet: an id that is none is not found for everyone (stays.test.ts opens real ones).
    { route: 'GET /api/stays/{id}/photos/{photoId}', owner: 'A+G', params: { id, photoId: '00000000-0000-4000-8000-000000000000' }, expect: { anon: 401, O: 404, A: 404, G: 404 } },
  ];
}
