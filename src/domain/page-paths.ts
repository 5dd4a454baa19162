// Every page of the web app (src/web/app/router.tsx, which a test keeps in step with this list).
// The server answers any other page path with the app's "not found" page and a 404 status, so
// that a mistyped link, a crawler or a scanner probing for /about.bak gets a real 404 rather than
// a 200 that looks like a page.

export const PAGE_PATHS = [
  '/',
  '/about',
  '/how-it-works',
  '/faq',
  '/contact',
  '/host/guide',
  '/host/safety',
  '/dashboard',
  '/pets',
  '/profile',
  '/messages',
  '/messages/:id',
  '/notifications',
  '/settings/notifications',
  '/listing/:id',
  '/host',
  '/host/listing/new',
  '/host/listing/:id/edit',
  '/ops',
  '/search',
  '/sign-in',
  '/stays/:id',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

/**
 * The operators' console (decision 032): a page to operators only. The server answers anyone
 * else as it answers a path that is no page (404), so its status depends on who asks.
 */
export const OPERATORS_PAGE = '/ops' satisfies PagePath;

/**
 * Where the link in a sign-in e-mail leads (issue 34): the token follows `#`, which no browser
 * sends to the server, and the page asks before it signs anyone in.
 */
export const SIGN_IN_LINK_PAGE = '/sign-in' satisfies PagePath;

const PATTERNS = PAGE_PATHS.map(
  // A :param is one segment; a trailing slash and any letter case are allowed, as the client's
  // router allows them (/About shows the About page, so it must not answer 404).
  (p) => new RegExp(`^${p.replace(/:[a-z]+/gi, '[^/]+').replace(/\/$/, '')}/?$`, 'i'),
);

/** The page `pathname` (without its query) is, as its path in PAGE_PATHS; undefined for none. */
export function pagePathOf(pathname: string): PagePath | undefined {
  const i = PATTERNS.findIndex((pattern) => pattern.test(pathname));
  return i === -1 ? undefined : PAGE_PATHS[i];
}

/** Whether `pathname` (without its query) is one of the app's pages. */
export function isPagePath(pathname: string): boolean {
  return pagePathOf(pathname) !== undefined;
}
