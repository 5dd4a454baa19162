import { expect } from 'vitest';
import { multipartBody, testJpeg } from '../../test/listings';
import { signedIn, guestOnly, ids, type Matrix, type Row } from './matrix';

export function petRows({ t, w }: Matrix): Row[] {
  return [
    // Pets: G's.
    { route: 'GET /api/pets', owner: 'self', expect: signedIn(200), check: (a, res) => a === 'G' && expect(ids(res.json().results)).toContain(w.bookedPet.id) },
    { route: 'POST /api/pets', owner: 'self', body: () => ({ name: 'Matrix cat', type: 'cat', size: 'xs' }), expect: signedIn(201) },
    // Even the host of the pet's stays reads it only through the booking, not the pets API.
    { route: 'GET /api/pets/{id}', owner: 'G', params: { id: w.bookedPet.id }, expect: guestOnly(200) },
    { route: 'PATCH /api/pets/{id}', owner: 'G', params: { id: w.sparePet.id }, body: () => ({ notes: 'Sleeps on the sofa' }), expect: guestOnly(200) },
    { route: 'DELETE /api/pets/{id}', owner: 'G', params: { id: w.sparePet.id }, expect: guestOnly(204) },
    {
      route: 'PUT /api/pets/{id}/photo',
      owner: 'G',
      params: { id: w.bookedPet.id },
      expect: guestOnly(200),
      send: async (cookie) => {
        const { payload, headers } = await multipartBody([{ filename: 'biscuit.jpg', content: await testJpeg(48, 32), field: 'file' }]);
        return t.app.inject({ method: 'PUT', url: `/api/pets/${w.bookedPet.id}/photo`, headers: { ...headers, ...(cookie ? { cookie } : {}) }, payload });
      },
      check: (a, res) => a === 'G' && expect(res.json().photo_url).toMatch(/^\/uploads\/photos\//),
    },
    { route: 'DELETE /api/pets/{id}/photo', owner: 'G', params: { id: w.bookedPet.id }, expect: guestOnly(200) },
    {
      route: 'PUT /api/pets/{id}/files',
      owner: 'G',
      params: { id: w.bookedPet.id },
      expect: guestOnly(200),
      send: async (cookie) => {
        const { payload, headers } = await multipartBody([{ filename: 'biscuit.jpg', content: await testJpeg(48, 32), field: 'photo' }]);
        return t.app.inject({ method: 'PUT', url: `/api/pets/${w.bookedPet.id}/files`, headers: { ...headers, ...(cookie ? { cookie } : {}) }, payload });
      },
      check: (a, res) => a === 'G' && expect(res.json().photo_url).toMatch(/^\/uploads\/photos\//),
    },
    // The certificate: kept and removed by G alone; opened by G, and by A while G's requests here are open.
    {
      route: 'PUT /api/pets/{id}/vaccinations/{vaccine}/certificate',
      owner: 'G',
      params: { id: w.bookedPet.id, vaccine: 'rabies' },
      expect: guestOnly(200),
      send: async (cookie) => {
        const { payload, headers } = await multipartBody([{ filename: 'rabies.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf', field: 'file' }]);
        return t.app.inject({ method: 'PUT', url: `/api/pets/${w.bookedPet.id}/vaccinations/rabies/certificate`, headers: { ...headers, ...(cookie ? { cookie } : {}) }, payload });
      },
    },
    {
      route: 'GET /api/pets/{id}/vaccinations/{vaccine}/certificate',
      owner: 'A+G',
      params: { id: w.bookedPet.id, vaccine: 'rabies' },
      expect: { anon: 401, O: 404, A: 200, G: 200 },
      check: (a, res) => (a === 'A' || a === 'G') && expect(res.headers?.['cache-control']).toBe('no-store'),
    },
    { route: 'DELETE /api/pets/{id}/vaccinations/{vaccine}/certificate', owner: 'G', params: { id: w.bookedPet.id, vaccine: 'rabies' }, expect: guestOnly(200) },
  ];
}
