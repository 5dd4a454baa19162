import { describe, expect, it } from 'vitest';
import { isPagePath } from './page-paths';

describe('isPagePath', () => {
  it('knows the pages, with their params and an optional trailing slash', () => {
    for (const path of ['/', '/about', '/about/', '/About', '/listing/3f1c0a52-1111-4d2e-9a6b-0123456789ab', '/messages', '/messages/abc', '/host/listing/x/edit', '/search']) {
      expect(isPagePath(path), path).toBe(true);
    }
  });

  it('refuses everything else, including near misses a scanner would try', () => {
    for (const path of ['/about.bak', '/about~', '/about/x', '/listing', '/listing/', '/listing/a/b', '/.env', '/index.php', '/host/listing/new/x', '//about']) {
      expect(isPagePath(path), path).toBe(false);
    }
  });
});
