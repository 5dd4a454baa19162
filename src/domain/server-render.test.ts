import { describe, expect, it } from 'vitest';
import { isPagePath } from './page-paths';
import { RENDERED_FOR_VISITOR, RENDERED_PER_REQUEST, SERVER_RENDERED_PAGES, serverRendering } from './server-render';

describe('serverRendering', () => {
  it('knows the shared pages in any letter case and with a trailing slash, each by one name, and they are pages', () => {
    const spellings: [string, string][] = [['/', '/'], ['/about', '/about'], ['/About/', '/about'], ['/FAQ', '/faq'], ['/Host/GUIDE', '/host/guide'], ['/host/safety/', '/host/safety'], ['/contact', '/contact'], ['/HOW-it-works/', '/how-it-works']];
    for (const [path, page] of spellings) expect(serverRendering(path), path).toEqual({ kind: 'shared', page });
    for (const path of [...SERVER_RENDERED_PAGES, ...RENDERED_PER_REQUEST, ...RENDERED_FOR_VISITOR]) expect(isPagePath(path), path).toBe(true);
  });

  it('renders the search and any listing per request, and the host dashboard for its visitor', () => {
    for (const path of ['/search', '/Search/']) expect(serverRendering(path), path).toEqual({ kind: 'per-request', page: '/search' });
    for (const path of ['/listing/abc', '/listing/76a8deb9-af4b-57ca-8828-b49467bb6c3d']) {
      expect(serverRendering(path), path).toEqual({ kind: 'per-request', page: '/listing/:id' });
    }
    expect(serverRendering('/host')).toEqual({ kind: 'for-visitor', page: '/host' });
  });

  it('leaves the other signed-in pages, and anything that is no page, to the browser', () => {
    for (const path of ['/dashboard', '/messages', '/host/listing/new', '/about/x', '/listing/', '/index.html', '//']) {
      expect(serverRendering(path), path).toBeUndefined();
    }
  });
});
