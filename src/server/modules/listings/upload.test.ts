import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../db/rows';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing, testJpeg, uploadPhotos } from '../../test/listings';

// Found by the fuzz suite (security/fuzz.test.ts): an upload's `alt` field with a NUL character
// reached the insert and failed on PostgreSQL with a 500 (the global NUL guard sees JSON bodies,
// not multipart fields).
describe('photo upload: the alt text field', () => {
  const t = useTestApp();

  it('refuses a NUL character with a 400 and stores nothing', async () => {
    const cookie = await signIn(t, 'nul-alt@example.com');
    const listing = await createListing(t, cookie);
    const res = await uploadPhotos(t, cookie, listing.id, [{ filename: 'a.jpg', content: await testJpeg() }], { alt: 'a garden\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid_text', message: 'Text must not contain NUL characters' } });
    const [row] = await queryRows(t.database.db, z.object({ n: z.number() }), sql`select count(*)::int as n from listing_photos where listing_id = ${listing.id}`);
    expect(row!.n).toBe(0);
  });
});
