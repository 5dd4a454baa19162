import { describe, expect, it } from 'vitest';
import { publicPhotoUrl, publicPhotoUrls } from './public-urls';

const stored = '/uploads/photos/0b9c1e2a-3f4d-4e5f-8a6b-7c8d9e0f1a2b-1600.webp';
const cdn = 'https://cdn.pawstay.in';
const expected = 'https://cdn.pawstay.in/photos/0b9c1e2a-3f4d-4e5f-8a6b-7c8d9e0f1a2b-1600.webp';

describe('public photo URLs', () => {
  it('name the CDN\'s copy of a stored photo, and leave the app\'s path without one', () => {
    expect(publicPhotoUrl(stored, cdn)).toBe(expected);
    expect(publicPhotoUrl(stored, null)).toBe(stored);
  });

  it('touch only strings that are a stored photo\'s whole path', () => {
    for (const other of ['/uploads/photos/x.webp', `${stored}?v=1`, ` ${stored}`, '/uploads/../private/x', 'https://example.com/uploads/photos/a.webp', '']) {
      expect(publicPhotoUrl(other, cdn)).toBe(other);
    }
  });

  it('rewrite every stored photo in an answer\'s JSON, however deep, and nothing else', () => {
    const answer = {
      results: [{ title: `see "${stored}"`, note: stored.slice(1), listing_photos: [{ url: stored, alt: 'Garden' }], cover: stored, host: { photo_url: null } }],
      count: 1,
    };
    const rewritten = JSON.parse(publicPhotoUrls(cdn)(JSON.stringify(answer)));
    expect(rewritten).toEqual({
      results: [{ title: `see "${stored}"`, note: stored.slice(1), listing_photos: [{ url: expected, alt: 'Garden' }], cover: expected, host: { photo_url: null } }],
      count: 1,
    });
    // JSON text made by the database (the search's) reads the same.
    expect(publicPhotoUrls(cdn)(`{"results":[{"photos":[{"url":"${stored}","alt":"x"}]}]}`)).toBe(`{"results":[{"photos":[{"url":"${expected}","alt":"x"}]}]}`);
  });
});
