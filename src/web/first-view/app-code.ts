import { APP_CODE_ID, MAIN_PHOTO_TIMING, PRESS_CODE_ATTRIBUTE, PRESS_CODE_ID } from '../../domain/app-code';

// The first-view loader's first task (first-view-loader.ts): loading the app's code once the
// page is painted, or at once when the visitor reaches for it; and, when a control is pressed
// before the app runs, the code that its press needs (a sheet, a dialog), with the app's.

let onFail: () => void = () => {};

function loadAppCode() {
  const code = document.getElementById(APP_CODE_ID);
  if (!(code instanceof HTMLTemplateElement)) {
    console.error(`PawStay: the page has no #${APP_CODE_ID} template, so its app cannot start`);
    return;
  }
  const preloads: Node[] = [];
  for (const node of code.content.children) {
    if (node instanceof HTMLScriptElement) {
      // A script made by the parser inside a template is never run, even when copied out of it.
      const script = document.createElement('script');
      for (const { name, value } of node.attributes) script.setAttribute(name, value);
      // A module script's error event also tells of any of its imports that could not be fetched.
      script.addEventListener('error', onFail);
      document.head.append(script);
    } else {
      preloads.push(node.cloneNode(true));
    }
  }
  code.remove();
  setTimeout(appendOneATask, 0, preloads);
}

/**
 * The app's other modules, asked for one a task after the entry's: a modulepreload took a phone's
 * main thread 2 ms and more to start, and the ten of a page in one task, right after its first
 * paint, blocked a press for longer than a frame may (Lighthouse's blocking time). The entry's
 * request, made first, is what the others wait on anyway.
 */
function appendOneATask(nodes: Node[]) {
  const node = nodes.shift();
  if (!node) return;
  document.head.append(node);
  setTimeout(appendOneATask, 0, nodes);
}

/** The page's main photo: what it marks to be fetched first (a listing's cover, the first result). */
const MAIN_PHOTOS = 'img[fetchpriority="high"]';
/** How long the app's code waits for that photo at most: a slow photo must not hold the app back. */
const PHOTO_WAIT_MS = 2500;

/**
 * Resolves once the page's main photos have loaded (or failed), or after PHOTO_WAIT_MS: on a slow
 * line the photo, the page's largest paint, then has the line to itself before the code.
 */
function mainPhotosLoaded(): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLImageElement>(MAIN_PHOTOS)].filter((img) => !img.complete);
  if (pending.length === 0) return Promise.resolve();
  const loaded = pending.map((img) => new Promise((done) => {
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
  }));
  return Promise.race([Promise.all(loaded), new Promise((done) => setTimeout(done, PHOTO_WAIT_MS))]).then(() => undefined);
}

let started = false;
const REACHING = ['pointerdown', 'keydown', 'focusin'] as const;

export function start() {
  if (started) return;
  // Reached for while the HTML is still being read: the template may not be there yet.
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start, { once: true });
    return;
  }
  started = true;
  for (const type of REACHING) removeEventListener(type, start, true);
  loadAppCode();
}

/** How long the code waits, once the main photos are in, for the browser to say it painted them. */
const PAINT_WAIT_MS = 1000;

type ElementTiming = PerformanceEntry & { element: Element | null; identifier: string };

/** After the next frame, whose callback runs before its paint, and a task after it. */
const nextFrame = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done)));

/**
 * Resolves a task after the browser's entries of `type` (buffered ones too) satisfy `enough`, or
 * after PAINT_WAIT_MS; after the next frame where the browser does not report that type.
 */
function reported(type: 'paint' | 'element', enough: (entries: PerformanceEntryList) => boolean): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return nextFrame();
  return new Promise((done) => {
    const observer = new PerformanceObserver((list) => {
      if (enough(list.getEntries())) finish();
    });
    const finish = () => {
      observer.disconnect();
      clearTimeout(timer);
      setTimeout(done);
    };
    const timer = setTimeout(finish, PAINT_WAIT_MS);
    observer.observe({ type, buffered: true });
  });
}

/**
 * Resolves once the browser has painted the page's loaded main photos, as the Element Timing API
 * reports it (Chromium), or after PAINT_WAIT_MS (a photo scrolled away or hidden is never painted).
 * A page without one waits for its first text or image to be presented (the Paint Timing API's
 * first-contentful-paint) instead. A frame alone was not enough on a busy machine: its callback
 * runs before the frame is presented, so the code's requests went out while the paint was still
 * on its way, and on a slow line they then shared it with what that paint needed (decision 053).
 */
function mainPhotosPainted(): Promise<void> {
  const photos = new Set([...document.querySelectorAll<HTMLImageElement>(MAIN_PHOTOS)].filter((img) => img.naturalWidth > 0));
  if (photos.size === 0) return reported('paint', (entries) => entries.some((entry) => entry.name === 'first-contentful-paint'));
  return reported('element', (entries) => {
    for (const entry of entries as ElementTiming[]) if (entry.identifier === MAIN_PHOTO_TIMING && entry.element) photos.delete(entry.element as HTMLImageElement);
    return photos.size === 0;
  });
}

function startAfterPaint() {
  // A tab in the background paints no frame until it is shown: its code loads at once, also when
  // it was sent there while the photo was on its way.
  if (document.visibilityState === 'hidden') start();
  else
    void mainPhotosLoaded()
      .then(() => (document.visibilityState === 'hidden' ? undefined : mainPhotosPainted()))
      .then(start);
}

/** Tells the code to load once the page is painted, or at once when the visitor reaches for the page; `fail` hears a script that did not load. */
export function loadAppCodeWhenPainted(fail: () => void) {
  onFail = fail;
  // A visitor who reaches for the page (a tap, a key, a focus) gets its code at once.
  for (const type of REACHING) addEventListener(type, start, true);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startAfterPaint, { once: true });
  else startAfterPaint();
}

/** Each module a press may need, with its chunks, as the server listed them (server/http/page-code.ts); read at the first press. */
let pressCode: Record<string, string[]> | undefined;
const fetched = new Set<string>();

/**
 * Fetches the code that a press on `control` will need (the modules its PRESS_CODE_ATTRIBUTE
 * names, web/lib/press-code.ts), alongside the app's: asked for only once the app has replayed the
 * press, it would come a slow round trip later (decision 047). Preloaded modules are not run: the
 * app imports them when it acts on the press, as it would have.
 */
export function fetchCodeFor(control: Element) {
  const modules = control.closest(`[${PRESS_CODE_ATTRIBUTE}]`)?.getAttribute(PRESS_CODE_ATTRIBUTE)?.split(' ');
  if (!modules) return;
  try {
    pressCode ??= JSON.parse(document.getElementById(PRESS_CODE_ID)?.textContent ?? '{}') as Record<string, string[]>;
  } catch {
    pressCode = {};
  }
  for (const href of modules.flatMap((module) => pressCode?.[module] ?? [])) {
    if (fetched.has(href)) continue;
    fetched.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
