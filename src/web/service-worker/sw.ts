// The service worker, served as /sw.js (built by scripts/build-service-worker.mjs; typed by
// tsconfig.sw.json, against the worker's globals rather than the DOM's). Decision 057:
// - pages come from the network, always, and never go into a cache; when the network cannot be
//   reached, the offline page answers instead of the browser's error;
// - the only cache is this build's app shell: the offline page and what it shows;
// - the API, the photos, the app's code and every other request are left to the browser, by static
//   routes where it has them (it then need not start the worker for them);
// - a push shows a notification; a click on it opens the page it names.
import { noticeFromPush, OFFLINE_PAGE, sitePath, staticRoutes, strategyFor, type RouterRule } from './decisions';

declare const self: ServiceWorkerGlobalScope;
/** Written in by the build: a hash of the build, and the app shell's paths. */
declare const __SW_VERSION__: string;
declare const __SW_SHELL__: readonly string[];

const CACHE_PREFIX = 'pawstay-shell-';
const SHELL_CACHE = `${CACHE_PREFIX}${__SW_VERSION__}`;
const SHELL = new Set(__SW_SHELL__);
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

/** The install event where the browser has the Static Routing API (Chrome 123 on); the WebWorker types do not have it yet. */
type RoutingInstallEvent = ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };

self.addEventListener('install', (event: RoutingInstallEvent) => {
  // A browser that refuses a rule (one older than `not`) routes nothing: every request comes to the
  // fetch handler, which decides the same. The install goes on either way.
  const routed = event.addRoutes?.(staticRoutes(__SW_SHELL__)).catch((err: unknown) => console.warn('PawStay: no static routes', err));
  event.waitUntil(
    (async () => {
      await routed;
      const cache = await caches.open(SHELL_CACHE);
      // Checked with the server (a 304 where the browser has it already): the shell is this build's.
      await cache.addAll(__SW_SHELL__.map((path) => new Request(path, { cache: 'no-cache' })));
      // Safe to take over at once: pages never get code from this worker (decision 057).
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
      }
      // The page's request starts while the worker wakes up, instead of after (a phone may take
      // 100 ms or more to start one).
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, self.location.origin, SHELL);
  if (strategy === 'pass-through') return;
  event.respondWith(strategy === 'from-shell' ? fromShell(event.request) : networkOrOfflinePage(event));
});

async function networkOrOfflinePage(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    return preloaded ?? (await fetch(event.request));
  } catch {
    // Only a request that failed: an answer of the server's, an error page included, is the page.
    return (await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE })) ?? Response.error();
  }
}

async function fromShell(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: SHELL_CACHE })) ?? fetch(request);
}

self.addEventListener('push', (event) => {
  let payload: unknown;
  try {
    payload = event.data?.json();
  } catch {
    payload = undefined;
  }
  const notice = noticeFromPush(payload);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: ICON,
      badge: BADGE,
      // The same tag replaces the notification still shown (a conversation's unread messages).
      ...(notice.tag ? { tag: notice.tag } : {}),
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = sitePath((event.notification.data as { url?: unknown } | null)?.url) ?? '/';
  event.waitUntil(openPage(new URL(path, self.location.origin).href));
});

/** Brings PawStay's most recently used window to the front at `url`, or opens one there. */
async function openPage(url: string): Promise<void> {
  // Listed most recently focused first.
  const [client] = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (client) {
    try {
      const focused = await client.focus();
      // navigate() fails for a window this worker does not control (one opened before it was):
      // then a new window.
      if (await focused.navigate(url)) return;
    } catch {
      // A new window, below.
    }
  }
  await self.clients.openWindow(url);
}
