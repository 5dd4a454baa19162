// What the service worker (sw.ts) decides, as pure functions: which requests it answers and how,
// and what a push may show and open. Kept apart from the worker's globals so that they are unit
// tested (decisions.test.ts). Decision 057.

/** The page shown for a page that cannot be fetched (built by scripts/build-service-worker.mjs). */
export const OFFLINE_PAGE = '/offline.html';

/** Where a notification without a usable address leads: the list of what happened. */
export const NOTIFICATIONS_PAGE = '/notifications';

/**
 * - `pass-through`: the worker does not answer; the browser fetches as if there were no worker.
 * - `network-or-offline-page`: from the network, always; the offline page when it cannot be reached.
 *   Never from a cache: a page may be private, and the HTML names the chunks of its own build.
 * - `from-shell`: the offline page's own files, from this version's cache.
 */
export type Strategy = 'pass-through' | 'network-or-offline-page' | 'from-shell';

/** The parts of a Request the decision reads. */
export type RequestFacts = { method: string; url: string; mode: string };

/**
 * The paths whose fetches the worker never answers: the API's answers and the photos. Opened in a
 * tab of their own (an invoice's PDF), they are navigations, answered from the network like any
 * page: by the navigation preload already under way, so that they are not requested twice.
 */
const NEVER_ANSWERED = ['/api/', '/uploads/'];

/** How the worker answers `request`, made on a page of `origin`; `shell` lists the precached paths. */
export function strategyFor(request: RequestFacts, origin: string, shell: ReadonlySet<string>): Strategy {
  if (request.method !== 'GET') return 'pass-through';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'pass-through';
  if (request.mode === 'navigate') return 'network-or-offline-page';
  if (NEVER_ANSWERED.some((prefix) => url.pathname.startsWith(prefix))) return 'pass-through';
  return shell.has(url.pathname) && url.search === '' ? 'from-shell' : 'pass-through';
}

/** A rule of the Service Worker Static Routing API (InstallEvent.addRoutes, Chrome 123; `not` since 129). */
export type RouterRule = { condition: RouterCondition; source: 'network' | 'fetch-event' };
export type RouterCondition =
  | { requestMode: string }
  | { urlPattern: { pathname: string; search: string } }
  | { or: RouterCondition[] }
  | { not: RouterCondition };

/** `path` as a URL pattern that matches it alone (a build's file names hold none of its special characters, but a rule must not depend on that). */
const literalPattern = (path: string) => path.replace(/[\\:*?+(){}]/g, (c) => `\\${c}`);

/**
 * What strategyFor decides, said to the browser ahead of time: the requests the worker would pass
 * through go to the network without the worker, so the browser need not start a stopped worker,
 * nor wait on its handler, for each API call, chunk and photo. Pages and
 * the shell's files still come to the fetch handler. Rules are read in order; a browser without the
 * API sends everything to the handler, which decides the same.
 */
export function staticRoutes(shell: readonly string[]): RouterRule[] {
  return [
    { condition: { requestMode: 'navigate' }, source: 'fetch-event' },
    { condition: { or: shell.map((path) => ({ urlPattern: { pathname: literalPattern(path), search: '' } })) }, source: 'fetch-event' },
    { condition: { not: { requestMode: 'navigate' } }, source: 'network' },
  ];
}

/**
 * `target` when it is a path of this site ("/host?tab=requests"), else undefined. A push's address
 * comes from the server, but a notification opens a window: nothing may lead elsewhere, neither
 * "https://…", "//evil.example" nor the "/\evil.example" that URL parsers read as the latter.
 */
export function sitePath(target: unknown): string | undefined {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return undefined;
  const base = 'https://site.invalid';
  const url = new URL(target, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

/** What a push shows: its payload `{ title, body, url, tag? }` as the server sends it. */
export type PushNotice = { title: string; body: string; url: string; tag?: string };

/**
 * The notification for a push's payload (parsed JSON, or undefined). A browser requires every push
 * to show one, so a payload it cannot read still shows a plain one that leads to the list.
 */
export function noticeFromPush(payload: unknown): PushNotice {
  const fields = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const title = typeof fields.title === 'string' && fields.title.trim() ? fields.title : 'PawStay';
  const body = typeof fields.body === 'string' ? fields.body : 'You have a new notification.';
  const url = sitePath(fields.url) ?? NOTIFICATIONS_PAGE;
  const tag = typeof fields.tag === 'string' && fields.tag ? fields.tag : undefined;
  return { title, body, url, ...(tag ? { tag } : {}) };
}
