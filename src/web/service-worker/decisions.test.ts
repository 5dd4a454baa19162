import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PAGE, noticeFromPush, sitePath, staticRoutes, strategyFor } from './decisions';

const ORIGIN = 'https://pawstay.in';
const SHELL = new Set(['/offline.html', '/offline.js', '/assets/inter-basic-wght-normal-Ab12.woff2', '/icons/icon-192.png']);
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });

describe('what the service worker answers', () => {
  it('answers every page from the network, the private ones too, with the offline page as the fallback', () => {
    // An invoice or a photo opened in a tab of its own too: by the navigation preload, not twice.
    for (const path of ['/', '/search?city=Ahmedabad', '/dashboard', '/messages/123', '/host?tab=requests', '/ops', '/offline.html', '/no-such-page', '/api/bookings/1/invoice.pdf', '/uploads/photos/a-640.webp']) {
      expect(strategyFor(get(path, 'navigate'), ORIGIN, SHELL), path).toBe('network-or-offline-page');
    }
  });

  it("never touches the API's or the photos' fetches, another site, or a request that is no read", () => {
    const requests = [
      get('/api/me'),
      get('/api/notifications/stream'),
      get('/uploads/photos/a-640.webp'),
      { method: 'POST', url: `${ORIGIN}/api/bookings`, mode: 'cors' },
      { method: 'POST', url: `${ORIGIN}/unsubscribe`, mode: 'navigate' },
      { method: 'HEAD', url: `${ORIGIN}/offline.html`, mode: 'cors' },
      { method: 'GET', url: 'https://tile.openstreetmap.org/1/2/3.png', mode: 'no-cors' },
      { method: 'GET', url: 'https://checkout.razorpay.com/v1/checkout.js', mode: 'navigate' },
    ];
    for (const request of requests) expect(strategyFor(request, ORIGIN, SHELL), `${request.method} ${request.url} ${request.mode}`).toBe('pass-through');
  });

  it("leaves the app's code, styles and other files to the browser: only the shell comes from the cache", () => {
    for (const path of ['/assets/index-AbC123.js', '/assets/index-Dkv1.css', '/assets/inter-latin-wght-normal-Dx4k.woff2', '/favicon.svg', '/manifest.webmanifest', '/offline.js?v=2']) {
      expect(strategyFor(get(path), ORIGIN, SHELL), path).toBe('pass-through');
    }
    for (const path of SHELL) expect(strategyFor(get(path), ORIGIN, SHELL), path).toBe('from-shell');
  });
});

describe("the routes the browser follows without the worker (Chrome's Static Routing API)", () => {
  it('sends pages and the shell to the worker first, and every other request to the network', () => {
    const routes = staticRoutes(['/offline.html', '/assets/inter-basic-wght-normal-Ab12.woff2']);
    expect(routes).toEqual([
      { condition: { requestMode: 'navigate' }, source: 'fetch-event' },
      {
        condition: { or: [{ urlPattern: { pathname: '/offline.html', search: '' } }, { urlPattern: { pathname: '/assets/inter-basic-wght-normal-Ab12.woff2', search: '' } }] },
        source: 'fetch-event',
      },
      { condition: { not: { requestMode: 'navigate' } }, source: 'network' },
    ]);
  });

  it('names a shell file by its path alone, whatever URL pattern syntax it holds', () => {
    const [, shell] = staticRoutes(['/a:b*(c)+{d}?.js']);
    expect(shell!.condition).toEqual({ or: [{ urlPattern: { pathname: '/a\\:b\\*\\(c\\)\\+\\{d\\}\\?.js', search: '' } }] });
  });
});

describe("a notification's address", () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(sitePath('/host?tab=requests')).toBe('/host?tab=requests');
    expect(sitePath('/messages/abc#latest')).toBe('/messages/abc#latest');
    expect(sitePath('/')).toBe('/');
  });

  it('refuses anything that could lead elsewhere', () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', 'host', '', undefined, null, 42, { url: '/' }]) {
      expect(sitePath(target), String(target)).toBeUndefined();
    }
  });
});

describe("a push's notification", () => {
  it("shows the server's title, body, address and tag", () => {
    expect(noticeFromPush({ title: 'New booking request', body: 'Gita asks for 2 nights.', url: '/host?tab=requests', tag: 'booking-1' })).toEqual({
      title: 'New booking request',
      body: 'Gita asks for 2 nights.',
      url: '/host?tab=requests',
      tag: 'booking-1',
    });
    expect(noticeFromPush({ title: 'Paid', body: 'Your stay is confirmed.', url: '/dashboard' })).not.toHaveProperty('tag');
  });

  it('still shows one, leading to the list, for a payload it cannot use', () => {
    for (const payload of [undefined, null, 'text', [], {}, { title: '  ', body: 3, url: 'https://evil.example', tag: '' }]) {
      const notice = noticeFromPush(payload);
      expect(notice.title, JSON.stringify(payload)).toBe('PawStay');
      expect(notice.body).toBe('You have a new notification.');
      expect(notice.url).toBe(NOTIFICATIONS_PAGE);
      expect(notice).not.toHaveProperty('tag');
    }
    expect(noticeFromPush({ title: 'Reply', body: 'Open it', url: '//evil.example' }).url).toBe(NOTIFICATIONS_PAGE);
  });
});
