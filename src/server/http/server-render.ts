import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { APP_CODE_ID, LATER_PHOTO_ATTRIBUTES, PRESS_CODE_ID } from '../../domain/app-code';
import { type RenderPage, SERVER_DATA_ID, type ServerRender } from '../../domain/server-render';

// The first view of the pages of domain/server-render.ts, rendered by the web app's own code
// (web/entry-server.tsx, built into dist/ssr) and placed into index.html, so that a visitor sees
// the page before any script has run. Decision 011.

/**
 * The renderer of a build (`dist/ssr/entry-server.js`), or undefined when there is none (the API
 * alone, a build from before it) or it cannot be loaded: the pages are then rendered in the
 * browser, and the app still starts.
 */
export async function loadRenderer(file: string, log: Pick<FastifyBaseLogger, 'warn'>): Promise<RenderPage | undefined> {
  if (!existsSync(file)) return undefined;
  try {
    const mod = (await import(pathToFileURL(file).href)) as { render?: RenderPage };
    if (typeof mod.render === 'function') return mod.render;
    log.warn({ file }, 'the server renderer has no render(); pages are rendered in the browser');
  } catch (err) {
    log.warn({ err, file }, 'the server renderer could not be loaded; pages are rendered in the browser');
  }
  return undefined;
}

/**
 * How long a shared page's render is kept. The home page shows the featured stays, which the
 * browser asks for again once hydrated (decision 013): kept short, the first paint's stays are at
 * most 30 s old, and a change to them does not show for long before the browser's answer.
 */
const CACHE_MS = 30_000;
/** A render (about 10-50 ms with its API answers) that has not answered by then is given up on. */
const RENDER_TIMEOUT_MS = 2_000;

/** `render`, given up on (a rejection) when it has not answered in 2 s. */
export function timedRenderer(render: RenderPage): RenderPage {
  return (url, options) =>
    Promise.race([
      render(url, options),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`render of ${url} timed out`)), RENDER_TIMEOUT_MS).unref()),
    ]);
}

/** Thrown instead of rendering while as many renders as allowed are running. */
export class RendersBusyError extends Error {
  override name = 'RendersBusyError';
}

/**
 * `render`, refused (RendersBusyError, and the browser renders the page) while `max` renders are
 * running: a render costs the server 20-50 ms of CPU, and a flood of search pages must not queue
 * the API's requests behind their renders. Counted until a render ends, even one given up on.
 */
export function limitedRenderer(render: RenderPage, max: number): RenderPage {
  let running = 0;
  return async (url, options) => {
    if (running >= max) throw new RendersBusyError(`${max} renders are running`);
    running += 1;
    try {
      return await render(url, options);
    } finally {
      running -= 1;
    }
  };
}

/**
 * A renderer that keeps each page's render for a while, for the pages that render the same for
 * every visitor (no session; the same public data). The caller renders each such page under one
 * name (domain/server-render.ts), which bounds the cache.
 */
export function cachedRenderer(render: RenderPage, now = () => Date.now()): RenderPage {
  const cache = new Map<string, { at: number; result: Promise<ServerRender> }>();
  return (url, options) => {
    // Two renders a page in each language: for visitors certainly signed out, and for those who may not be.
    const key = `${options.locale ?? 'en'} ${options.signedOut ? 'signed-out' : 'anyone'} ${url}`;
    const hit = cache.get(key);
    if (hit && now() - hit.at < CACHE_MS) return hit.result;
    const result = render(url, options);
    cache.set(key, { at: now(), result });
    // A failed render is not kept: the next visitor tries again.
    result.catch(() => cache.delete(key));
    return result;
  };
}

/** JSON made safe inside a <script> element: no "</script>" or "<!--" can end it early. */
const scriptSafeJson = (json: string) => json.replaceAll('<', '\\u003c');

/**
 * `html` (index.html) with the rendered page in its #root, the page's <title> in the head, and
 * the render's data in a JSON script (not executed, so the Content-Security-Policy allows it).
 */
export function injectServerRender(html: string, page: ServerRender): string {
  // React puts a page's <title> first in its output; in a document it belongs in the head.
  const title = /^<title>[\s\S]*?<\/title>/.exec(page.html)?.[0];
  const body = title ? page.html.slice(title.length) : page.html;
  const data = `<script type="application/json" id="${SERVER_DATA_ID}">${scriptSafeJson(page.data)}</script>`;
  let out = html.replace('<div id="root"></div>', () => `<div id="root">${body}</div>${data}`);
  if (title) out = out.replace(/<title>[\s\S]*?<\/title>/i, () => title);
  return out;
}

/**
 * The rendered page's photos past its first screen (loading="lazy"), held for the first-view loader
 * (decision 047): their addresses are moved aside, so that the browser does not fetch them while
 * the app's code is on its way; the loader puts them back as the app is about to hydrate. Written
 * so by the server, not moved aside by the loader as the HTML is read: watching every node the
 * parser adds cost a phone some 40 ms of its main thread on /search.
 */
export function holdLaterPhotos(pageHtml: string): string {
  return pageHtml.replace(/<img\b[^>]*\bloading="lazy"[^>]*>/g, (tag) =>
    tag.replace(/ (src|srcset)=/gi, (_match, name: string) => ` ${LATER_PHOTO_ATTRIBUTES[name.toLowerCase() as keyof typeof LATER_PHOTO_ATTRIBUTES]}=`),
  );
}

const FIRST_VIEW_LOADER = /^first-view-[\w-]+\.js$/;

/**
 * The build's first-view loader (web/first-view-loader.ts, bundled by scripts/build-server.mjs):
 * the script itself, which the server writes into each server-rendered page, and its hash for the
 * Content-Security-Policy; undefined in a build without one.
 */
export function findFirstViewLoader(webDir: string): { script: string; hash: string } | undefined {
  const assets = path.join(webDir, 'assets');
  const file = existsSync(assets) ? readdirSync(assets).find((name) => FIRST_VIEW_LOADER.test(name)) : undefined;
  if (!file) return undefined;
  const script = readFileSync(path.join(assets, file), 'utf8').trim();
  // Inline, the text must not be able to end its own element.
  if (/<\/script|<!--/i.test(script)) throw new Error(`${file} cannot be written inline: it contains </script or <!--`);
  return { script, hash: `'sha256-${createHash('sha256').update(script).digest('base64')}'` };
}

const APP_CODE = /\n?[ \t]*<(?:script type="module" crossorigin src="[^"]*"><\/script|link rel="modulepreload"[^>]*)>/g;

/** The code a server-rendered page loads besides its entry (page-code.ts). */
export type PageCode = {
  /** The page's own chunks, loaded after the entry's. */
  page?: readonly string[];
  /** For each module a control's press needs, its chunks: fetched at such a press before the app runs. */
  press?: Readonly<Record<string, readonly string[]>>;
};

/**
 * `html` (index.html) for a page whose first view the server sends: the app's entry script and its
 * module preloads, then the page's own chunks, wait in an inert <template>, and the first-view
 * loader is written at the end of the head; it loads them once the page is painted, and holds what
 * the visitor does until the app runs (web/first-view-loader.ts). Fetched with the HTML, the app's
 * code would share a slow connection with the HTML and the CSS and hold back the first paint,
 * which needs neither. The code that a control's press needs follows as JSON, less what the page
 * loads anyway.
 *
 * After the style sheets, the loader waits for them, and so does the rest of the HTML (decision
 * 062): read to its end first, the page was laid out once without its styles as soon as its
 * DOMContentLoaded had fired (Chromium does so whatever the page's scripts ask), a whole wasted
 * layout of some 2,000 boxes that took /search 30 to 65 ms of a desktop core, four times that on
 * Lighthouse's phone. Nothing is painted before the style sheets anyway, so nobody can press
 * anything before the loader runs.
 */
export function loadAppAfterPaint(html: string, loader: string, { page = [], press = {} }: PageCode = {}): string {
  const entry = (html.match(APP_CODE) ?? []).map((tag) => tag.trim());
  if (!entry.some((tag) => tag.startsWith('<script')) || !html.includes('</head>')) return html;
  const inEntry = (url: string) => entry.some((tag) => tag.includes(`"${url}"`));
  // The page's own chunks after the entry's (page-code.ts): the entry is what runs first.
  const pageOnly = page.filter((url) => !inEntry(url));
  const code = [...entry, ...pageOnly.map((url) => `<link rel="modulepreload" crossorigin href="${url}">`)];
  const loaded = (url: string) => inEntry(url) || pageOnly.includes(url);
  const pressOnly = Object.entries(press)
    .map(([module, urls]) => [module, urls.filter((url) => !loaded(url))] as const)
    .filter(([, urls]) => urls.length > 0);
  const pressJson = pressOnly.length > 0 ? `<script type="application/json" id="${PRESS_CODE_ID}">${scriptSafeJson(JSON.stringify(Object.fromEntries(pressOnly)))}</script>` : '';
  return html
    .replace(APP_CODE, '')
    .replace(/([ \t]*)<\/head>/, (end, indent: string) => `${indent}  <template id="${APP_CODE_ID}">${code.join('')}</template>${pressJson}<script>${loader}</script>\n${end}`);
}
