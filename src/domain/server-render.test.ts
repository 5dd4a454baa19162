import { describe, expect, it } from 'vitest';
import { isPagePath } from './page-paths';
import { SERVER_RENDERED_PAGES, serverRenderedPage } from './server-render';

describe('serverRenderedPage', () => {
  it('knows the server-rendered pages in any letter case and with a trailing slash, each by one name, and they are pages', () => {
    const spellings: [string, string][] = [['/', '/'], ['/about', '/about'], ['/About/', '/about'], ['/FAQ', '/faq'], ['/Host/GUIDE', '/host/guide'], ['/host/safety/', '/host/safety'], ['/contact', '/contact'], ['/HOW-it-works/', '/how-it-works']];
    for (const [path, page] of spellings) expect(serverRenderedPage(path), path).toBe(page);
    for (const path of SERVER_RENDERED_PAGES) expect(isPagePath(path), path).toBe(true);
  });

  it('leaves pages with data or a session, and anything else, to the browser', () => {
    for (const path of ['/search', '/listing/abc', '/dashboard', '/host', '/messages', '/about/x', '/index.html', '//']) {
      expect(serverRenderedPage(path), path).toBeUndefined();
    }
  });
});
