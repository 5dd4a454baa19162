import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setOperator } from './modules/ops';
import { useTestApp } from './test/app';
import { signIn } from './test/auth';

// A stand-in for the Vite build: index.html and one hashed asset.
const webDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-web-'));
mkdirSync(path.join(webDir, 'assets'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>PawStay</title><script type="module" crossorigin src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(webDir, 'assets', 'index-AbC123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
writeFileSync(path.join(webDir, 'assets', 'first-view-XyZ789.js'), 'window.firstView=1;');
writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// The installable app's files (decision 057), and a file of the same name deeper down.
writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"PawStay"}');
writeFileSync(path.join(webDir, 'assets', 'sw.js'), '');

describe('serving the web app', () => {
  const t = useTestApp({}, { webDir });

  it('answers every page path with the app, revalidated on each visit', async () => {
    for (const url of ['/', '/about', '/about/', '/search?city=Ahmedabad', '/messages/123', '/host/listing/abc/edit']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers a path that is no page with the app (which shows its not-found page) and a 404 status', async () => {
    // A 200 here would tell crawlers the page exists, and scanners that /about.bak is a backup.
    for (const url of ['/some/client/route', '/about.bak', '/about~', '/index.php', '/.env', '/listing/', '/dashboard/x?y=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    const other = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(other.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker revalidated on every check, and the manifest with a short cache; the CSP allows both', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    // Otherwise a browser, or a CDN, keeps the old worker and the old build's offline page.
    expect(worker.headers['cache-control']).toBe('no-cache');
    const csp = String(worker.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('public, max-age=3600');
    // Named by its folder too: only the root's sw.js is the worker.
    expect((await t.app.inject({ method: 'GET', url: '/assets/sw.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset and unknown API paths with 404, never the app', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('<div id="root">');
    const api = await t.app.inject({ method: 'GET', url: '/api/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    const post = await t.app.inject({ method: 'POST', url: '/about' });
    expect(post.statusCode).toBe(404);
  });

  it('does not serve files outside the web and upload folders', async () => {
    for (const url of ['/../package.json', '/uploads/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('root:x:');
      expect(res.body, url).not.toContain('"dependencies"');
    }
  });
});

describe("serving the operators' console page (/ops)", () => {
  const t = useTestApp({}, { webDir });
  const get = (url: string, cookie?: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
  /** The console's spellings the app accepts (any letter case, a trailing slash, a query). */
  const CONSOLE = ['/ops', '/ops/', '/OPS', '/Ops/', '/ops?x=1', '/ops?tab=reports&account=1'];
  /** Paths near it that are no page at all, to anyone. */
  const NO_PAGE = ['/ops/x', '/ops/reports', '/opsx', '/ops.bak', '/ops//'];

  it('answers anyone but an operator as a path that is no page: 404 with the same app, and no cache keeps it', async () => {
    const noPage = await get('/no-such-page');
    expect(noPage.statusCode).toBe(404);
    const member = await signIn(t, 'console-member@example.com');
    // Signed out, a member, and a session cookie that opens nothing.
    for (const cookie of [undefined, member, 'pawstay_session=not-a-session']) {
      for (const url of CONSOLE) {
        const res = await get(url, cookie);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toBe(noPage.headers['content-type']);
        expect(res.body, url).toBe(noPage.body);
        // Its answer depends on the cookie: a shared cache must not hand one visitor's to another.
        expect(res.headers['cache-control'], url).toBe('private, no-store');
        expect((await get(url, cookie, 'HEAD')).statusCode, `HEAD ${url}`).toBe(404);
      }
    }
  });

  it('answers an operator with the console page, 200, never kept; the role taken away, with 404 again', async () => {
    const email = 'console-operator@example.com';
    const cookie = await signIn(t, email);
    await setOperator(t.database.db, email, true);
    for (const url of CONSOLE) {
      const res = await get(url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect((await get(url, cookie, 'HEAD')).statusCode, `HEAD ${url}`).toBe(200);
    }
    // The role is read on every request (decision 032).
    await setOperator(t.database.db, email, false);
    expect((await get('/ops', cookie)).statusCode).toBe(404);
  });

  it('answers the paths near it as any path that is no page, whoever asks', async () => {
    const email = 'console-near@example.com';
    const operator = await signIn(t, email);
    await setOperator(t.database.db, email, true);
    for (const cookie of [undefined, operator]) {
      for (const url of NO_PAGE) {
        const res = await get(url, cookie);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.body, url).toContain('<div id="root">');
      }
    }
  });
});

describe('serving the server-rendered pages', () => {
  const rendered: { url: string; wide: boolean; signedOut?: boolean }[] = [];
  let failing = false;
  let tryWrite = false;
  let writeError = '';
  const t = useTestApp(
    {},
    {
      webDir,
      renderPage: async (url, { api, wide, signedOut }) => {
        if (failing) throw new Error('render failed');
        rendered.push({ url, wide, signedOut });
        if (tryWrite) {
          await api('/api/contact', { method: 'POST', body: '{}' }).catch((err: Error) => {
            writeError = err.message;
            throw err;
          });
        }
        const path = new URL(url).pathname;
        // The API the render reads from: the server's own, answered without a network.
        const health = await api('/api/health', { method: 'GET' });
        const answer = `<p>API ${health.status} ${(await health.json()).status}</p>`;
        return { html: `<title>${path} · PawStay</title><main><h1>Page ${path}</h1>${answer}${'<p>Text</p>'.repeat(200)}</main>`, data: '{"router":{}}' };
      },
    },
  );
  const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

  it('sends the first view of a server-rendered page in its HTML, with its title and the router data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about?ref=x' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>/about · PawStay</title>');
    expect(res.body).toContain('<div id="root"><main><h1>Page /about</h1><p>API 200 ok</p><p>Text</p>');
    expect(res.body).toContain('<script type="application/json" id="server-data">{"router":{}}</script>');
    // Its app code waits for the first paint.
    expect(res.body).toContain('<template id="app-code"><script type="module" crossorigin src="/assets/index-AbC123.js"></script></template>');
    expect(res.body).toContain('<script>window.firstView=1;</script>');
    // Allowed to run by its hash alone: no other inline script is.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-ocKhh1VTWrr9\+oSysosmyjWlW8nyjB4hU4FB3JDRM\+U=';/);
    // Rendered for its path alone, for any screen: the page reads nothing from the query.
    expect(rendered.at(-1)).toEqual({ url: expect.stringMatching(/\/about$/), wide: false, signedOut: true });
  });

  it('renders the search and a listing for each request, with the query, for the screen the browser suggests', async () => {
    const before = rendered.length;
    for (const [ua, wide] of [[PHONE, false], [DESKTOP, true], [DESKTOP, true]] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/search?city=Surat&size=small', headers: { 'user-agent': ua } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1>Page /search</h1>');
      expect(rendered.at(-1)).toEqual({ url: expect.stringMatching(/\/search\?city=Surat&size=small$/), wide, signedOut: true });
    }
    expect(rendered.length - before).toBe(3);
  });

  it('renders the signed-out header only for a visitor without a session cookie, and keeps the two renders apart', async () => {
    const before = rendered.length;
    await t.app.inject({ method: 'GET', url: '/contact', headers: { cookie: 'pawstay_session=anything' } });
    await t.app.inject({ method: 'GET', url: '/contact', headers: { cookie: 'theme=dark' } });
    await t.app.inject({ method: 'GET', url: '/contact', headers: { cookie: 'pawstay_session=other' } });
    expect(rendered.slice(before).map((r) => r.signedOut)).toEqual([false, true]);
    await t.app.inject({ method: 'GET', url: '/search?city=Pune', headers: { cookie: 'pawstay_session=anything' } });
    expect(rendered.at(-1)?.signedOut).toBe(false);
  });

  it('does not render for a HEAD request, which gets no body', async () => {
    const before = rendered.length;
    const res = await t.app.inject({ method: 'HEAD', url: '/search?city=Pune' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(rendered.length).toBe(before);
  });

  it('lets the render read from the API, never write', async () => {
    tryWrite = true;
    const res = await t.app.inject({ method: 'GET', url: '/host/guide' });
    tryWrite = false;
    // The write was refused, so the render failed, and the browser renders the page.
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(writeError).toMatch(/may only read/);
  });

  it('compresses the HTML of a page', async () => {
    // The page's markup is most of a first visit's bytes before the first paint.
    const res = await t.app.inject({ method: 'GET', url: '/faq', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    const plain = await t.app.inject({ method: 'GET', url: '/faq' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>Page /faq</h1>');
  });

  it('renders a page once, under one name, whatever its spelling', async () => {
    const before = rendered.length;
    for (const url of ['/how-it-works', '/How-It-Works/', '/HOW-IT-WORKS']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<h1>Page /how-it-works</h1>');
    }
    expect(rendered.slice(before)).toEqual([{ url: expect.stringMatching(/\/how-it-works$/), wide: false, signedOut: true }]);
  });

  it('leaves other pages, and paths that are no page, to the browser', async () => {
    // The private pages, a listing that does not exist (the browser explains it), and no page at all.
    for (const url of ['/dashboard', '/host', '/listing/abc', '/about.bak', '//']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('server-data');
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index-AbC123.js"></script>');
      expect(res.body, url).not.toContain('window.firstView');
    }
  });

  it('sends the bare app when the render fails, so the browser renders the page', async () => {
    failing = true;
    const res = await t.app.inject({ method: 'GET', url: '/host/safety' });
    failing = false;
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('server-data');
    expect(res.body).not.toContain('window.firstView');
  });
});
