import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { RenderOptions, RenderPage, ServerRender } from '../../domain/server-render';
import { cachedRenderer, findFirstViewLoader, holdLaterPhotos, injectServerRender, limitedRenderer, loadAppAfterPaint, loadRenderer, RendersBusyError, timedRenderer } from './server-render';

const INDEX = '<!doctype html><html><head><title>PawStay</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

describe('injectServerRender', () => {
  it('fills #root, moves the page title into the head, and adds the render data as JSON that cannot end its script', () => {
    const html = injectServerRender(INDEX, {
      html: '<title>About · PawStay</title><main><h1>About</h1></main>',
      data: JSON.stringify({ loaderData: { x: '</script><script>alert(1)</script>' } }),
    });
    expect(html).toContain('<head><title>About · PawStay</title>');
    expect(html).toContain('<div id="root"><main><h1>About</h1></main></div>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    const data = /<script type="application\/json" id="server-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(data).not.toContain('<');
    expect(JSON.parse(data!)).toEqual({ loaderData: { x: '</script><script>alert(1)</script>' } });
  });

  it('keeps the document title when the page sets none, and "$&" in the page stays text', () => {
    const html = injectServerRender(INDEX, { html: '<p>Pay $& and $1</p>', data: '{}' });
    expect(html).toContain('<title>PawStay</title>');
    expect(html).toContain('<div id="root"><p>Pay $& and $1</p></div>');
  });
});

describe('loadAppAfterPaint', () => {
  // Vite's index.html, as built.
  const built = [
    '<!doctype html>',
    '<html lang="en-IN">',
    '  <head>',
    '    <meta charset="UTF-8" />',
    '    <title>PawStay</title>',
    '    <script type="module" crossorigin src="/assets/index-A1.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/react-B2.js">',
    '    <link rel="modulepreload" crossorigin href="/assets/query-C3.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
  ].join('\n');
  const LOADER = '(()=>{start()})();';

  it('puts the app code in an inert template and the loader last in the head, and keeps the CSS where it was', () => {
    const html = loadAppAfterPaint(built, LOADER);
    expect(html).toBe(
      [
        '<!doctype html>',
        '<html lang="en-IN">',
        '  <head>',
        '    <meta charset="UTF-8" />',
        '    <title>PawStay</title>',
        '    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">',
        // After the style sheet, which the classic script, and so the rest of the HTML, waits for.
        '    <template id="app-code"><script type="module" crossorigin src="/assets/index-A1.js"></script>' +
          '<link rel="modulepreload" crossorigin href="/assets/react-B2.js"><link rel="modulepreload" crossorigin href="/assets/query-C3.js"></template>' +
          '<script>(()=>{start()})();</script>',
        '  </head>',
        '  <body><div id="root"></div></body>',
        '</html>',
      ].join('\n'),
    );
  });

  it("adds the page's own chunks after the entry's, once each", () => {
    const html = loadAppAfterPaint(built, LOADER, { page: ['/assets/search-page-E5.js', '/assets/query-C3.js', '/assets/api-F6.js'] });
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/query-C3.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/search-page-E5.js"><link rel="modulepreload" crossorigin href="/assets/api-F6.js"></template>',
    );
    expect(html.match(/query-C3\.js/g)).toHaveLength(1);
  });

  it("lists the code each pressable control needs, less what the page loads anyway, as JSON beside the template", () => {
    const html = loadAppAfterPaint(built, LOADER, {
      page: ['/assets/search-page-E5.js'],
      press: {
        'features/search/components/listing-sheet.tsx': ['/assets/listing-sheet-G7.js', '/assets/query-C3.js', '/assets/search-page-E5.js', '/assets/dialog-H8.js'],
        'features/auth/sign-in-dialog.tsx': ['/assets/query-C3.js'],
      },
    });
    expect(html).toContain(
      '</template><script type="application/json" id="app-press-code">' +
        '{"features/search/components/listing-sheet.tsx":["/assets/listing-sheet-G7.js","/assets/dialog-H8.js"]}</script><script>(()=>{start()})();</script>\n  </head>',
    );
    // Nothing to list: no script at all.
    expect(loadAppAfterPaint(built, LOADER, { press: { 'features/auth/sign-in-dialog.tsx': ['/assets/query-C3.js'] } })).not.toContain('app-press-code');
  });

  it("puts the loader after a Gujarati or Hindi page's font style sheet too, which the language adds at the end of the head", () => {
    const withFont = built.replace('  </head>', '    <link rel="stylesheet" crossorigin href="/assets/locale-gu-E5.css">\n  </head>');
    const html = loadAppAfterPaint(withFont, LOADER);
    expect(html.indexOf('<script>(()=>{start()})();</script>')).toBeGreaterThan(html.indexOf('locale-gu-E5.css'));
  });

  it('leaves HTML without an entry script, or without a head to put the loader in, as it is', () => {
    expect(loadAppAfterPaint(INDEX, LOADER)).toBe(INDEX);
    const headless = built.replace('</head>', '');
    expect(loadAppAfterPaint(headless, LOADER)).toBe(headless);
  });

  it("finds the build's loader with the hash its Content-Security-Policy allows, and none in a build without one", () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-web-'));
    expect(findFirstViewLoader(webDir)).toBeUndefined();
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets', 'first-view-E5.js.map'), '{}');
    expect(findFirstViewLoader(webDir)).toBeUndefined();
    writeFileSync(path.join(webDir, 'assets', 'first-view-E5.js'), `${LOADER}\n`);
    // The hash of the text as written into the page (openssl dgst -sha256 -binary | base64).
    expect(findFirstViewLoader(webDir)).toEqual({ script: LOADER, hash: "'sha256-CGMmk7PRRO/pVTobcbx8FpgNrtTdcCChXbv1EgXtJJk='" });
  });

  it('refuses a loader that could end its own element', () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets', 'first-view-E5.js'), 'x="</script><script>alert(1)";');
    expect(() => findFirstViewLoader(webDir)).toThrow(/cannot be written inline/);
  });
});

const options: RenderOptions = { api: () => Promise.reject(new Error('no API here')), wide: false };

describe('cachedRenderer', () => {
  const page = (html: string): ServerRender => ({ html, data: '{}' });

  it('renders a page once for every visitor for 30 s (as long as the browser keeps an answer), then again', async () => {
    let now = 0;
    let renders = 0;
    const render = cachedRenderer(async (url) => page(`${new URL(url).pathname} #${++renders}`), () => now);
    expect(await render('http://x/about', options)).toEqual(page('/about #1'));
    now = 29_999;
    expect(await render('http://x/about', options)).toEqual(page('/about #1'));
    expect(await render('http://x/faq', options)).toEqual(page('/faq #2'));
    now = 30_000;
    expect(await render('http://x/about', options)).toEqual(page('/about #3'));
  });

  it('keeps the render for visitors certainly signed out apart from the one for anyone', async () => {
    let renders = 0;
    const render = cachedRenderer(async (_url, { signedOut }) => page(`${signedOut ? 'Sign In' : 'blank'} #${++renders}`), () => 0);
    expect(await render('http://x/faq', options)).toEqual(page('blank #1'));
    expect(await render('http://x/faq', { ...options, signedOut: true })).toEqual(page('Sign In #2'));
    expect(await render('http://x/faq', options)).toEqual(page('blank #1'));
    expect(await render('http://x/faq', { ...options, signedOut: true })).toEqual(page('Sign In #2'));
  });

  it('gives up on a render that does not answer in 2 s, and does not keep it', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const render = cachedRenderer(timedRenderer((() => {
        calls++;
        return new Promise<ServerRender>(() => {});
      }) as RenderPage));
      const first = render('http://x/', options);
      const failed = expect(first).rejects.toThrow('timed out');
      await vi.advanceTimersByTimeAsync(2_000);
      await failed;
      void render('http://x/', options).catch(() => {});
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(2_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a failed render', async () => {
    let fail = true;
    const render = cachedRenderer(async () => {
      if (fail) throw new Error('boom');
      return page('ok');
    });
    await expect(render('http://x/', options)).rejects.toThrow('boom');
    fail = false;
    expect(await render('http://x/', options)).toEqual(page('ok'));
  });
});

describe('limitedRenderer', () => {
  it('refuses a render while the limit is running, counting a render until it ends', async () => {
    const ends: (() => void)[] = [];
    const render = limitedRenderer(
      () => new Promise<ServerRender>((resolve) => ends.push(() => resolve({ html: 'x', data: '{}' }))),
      2,
    );
    const first = render('http://x/search?a', options);
    const second = render('http://x/search?b', options);
    await expect(render('http://x/search?c', options)).rejects.toThrow(RendersBusyError);
    ends[0]!();
    await first;
    const third = render('http://x/search?d', options);
    ends[1]!();
    ends[2]!();
    await expect(Promise.all([second, third])).resolves.toHaveLength(2);
  });
});

describe('loadRenderer', () => {
  it('gives no renderer, and a warning rather than a crash, for a build without one or a broken one', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-ssr-'));
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => void warnings.push(args) };
    expect(await loadRenderer(path.join(dir, 'missing.js'), log)).toBeUndefined();
    writeFileSync(path.join(dir, 'broken.mjs'), 'throw new Error("cannot load");');
    expect(await loadRenderer(path.join(dir, 'broken.mjs'), log)).toBeUndefined();
    writeFileSync(path.join(dir, 'good.mjs'), 'export async function render() { return { html: "<p>x</p>", data: "{}" }; }');
    const render = await loadRenderer(path.join(dir, 'good.mjs'), log);
    expect(await render!('http://x/', options)).toEqual({ html: '<p>x</p>', data: '{}' });
    expect(warnings).toHaveLength(1);
  });
});

describe('holdLaterPhotos', () => {
  it("moves aside the addresses of the lazy photos only, whatever their attributes' order and spelling", () => {
    const first = '<img src="/a-640.webp" srcSet="/a-640.webp 640w" alt="A" fetchPriority="high"/>';
    const later = '<img src="/b-640.webp" srcSet="/b-640.webp 640w, /b-800.webp 800w" sizes="92vw" alt="B" loading="lazy" class="size-full"/>';
    const laterFirst = '<img loading="lazy" alt="C" srcset="/c-640.webp 640w" src="/c-640.webp">';
    const link = '<link rel="preload" as="image" imageSrcSet="/a-640.webp 640w"/>';
    const html = holdLaterPhotos(`${link}${first}<p>src="/x"</p>${later}${laterFirst}`);
    expect(html).toBe(
      `${link}${first}<p>src="/x"</p>` +
        '<img data-later-src="/b-640.webp" data-later-srcset="/b-640.webp 640w, /b-800.webp 800w" sizes="92vw" alt="B" loading="lazy" class="size-full"/>' +
        '<img loading="lazy" alt="C" data-later-srcset="/c-640.webp 640w" data-later-src="/c-640.webp">',
    );
  });
});
