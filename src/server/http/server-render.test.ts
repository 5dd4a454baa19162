import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { ServerRender } from '../../domain/server-render';
import { cachedRenderer, injectServerRender, loadRenderer, type RenderPage } from './server-render';

const INDEX = '<!doctype html><html><head><title>PawStay</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

describe('injectServerRender', () => {
  it('fills #root, moves the page title into the head, and adds the router data as JSON that cannot end its script', () => {
    const html = injectServerRender(INDEX, {
      html: '<title>About · PawStay</title><main><h1>About</h1></main>',
      routerData: JSON.stringify({ loaderData: { x: '</script><script>alert(1)</script>' } }),
    });
    expect(html).toContain('<head><title>About · PawStay</title>');
    expect(html).toContain('<div id="root"><main><h1>About</h1></main></div>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    const data = /<script type="application\/json" id="router-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(data).not.toContain('<');
    expect(JSON.parse(data!)).toEqual({ loaderData: { x: '</script><script>alert(1)</script>' } });
  });

  it('keeps the document title when the page sets none, and "$&" in the page stays text', () => {
    const html = injectServerRender(INDEX, { html: '<p>Pay $& and $1</p>', routerData: '{}' });
    expect(html).toContain('<title>PawStay</title>');
    expect(html).toContain('<div id="root"><p>Pay $& and $1</p></div>');
  });
});

describe('cachedRenderer', () => {
  const page = (html: string): ServerRender => ({ html, routerData: '{}' });

  it('renders a page once for every visitor for ten minutes, then again', async () => {
    let now = 0;
    let renders = 0;
    const render = cachedRenderer(async (url) => page(`${new URL(url).pathname} #${++renders}`), () => now);
    expect(await render('http://x/about')).toEqual(page('/about #1'));
    expect(await render('http://x/about')).toEqual(page('/about #1'));
    expect(await render('http://x/faq')).toEqual(page('/faq #2'));
    now = 10 * 60_000;
    expect(await render('http://x/about')).toEqual(page('/about #3'));
  });

  it('gives up on a render that does not answer in 2 s, and does not keep it', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const render = cachedRenderer((() => {
        calls++;
        return new Promise<ServerRender>(() => {});
      }) as RenderPage);
      const first = render('http://x/');
      const failed = expect(first).rejects.toThrow('timed out');
      await vi.advanceTimersByTimeAsync(2_000);
      await failed;
      void render('http://x/').catch(() => {});
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
    await expect(render('http://x/')).rejects.toThrow('boom');
    fail = false;
    expect(await render('http://x/')).toEqual(page('ok'));
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
    writeFileSync(path.join(dir, 'good.mjs'), 'export async function render() { return { html: "<p>x</p>", routerData: "{}" }; }');
    const render = await loadRenderer(path.join(dir, 'good.mjs'), log);
    expect(await render!('http://x/')).toEqual({ html: '<p>x</p>', routerData: '{}' });
    expect(warnings).toHaveLength(1);
  });
});
