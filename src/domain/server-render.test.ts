import { describe, expect, it } from 'vitest';
import { isPagePath } from './page-paths';
import { isServerRendered, SERVER_RENDERED_PAGES } from './server-render';

describe('isServerRendered', () => {
  it('knows the server-rendered pages in any letter case and with a trailing slash, and they are pages', () => {
    for (const path of ['/', '/about', '/About/', '/FAQ', '/host/guide', '/host/safety/', '/contact', '/how-it-works']) {
      expect(isServerRendered(path), path).toBe(true);
    }
    for (const path of SERVER_RENDERED_PAGES) expect(isPagePath(path), path).toBe(true);
  });

  it('leaves pages with data or a session, and anything else, to the browser', () => {
    for (const path of ['/search', '/listing/abc', '/dashboard', '/host', '/messages', '/about/x', '/index.html', '//']) {
      expect(isServerRendered(path), path).toBe(false);
    }
  });
});
