// The loader of a server-rendered page (decision 012). The server sends the app's entry script and
// its module preloads inside an inert <template> and this script in their place, so that the
// page's HTML and CSS have a slow connection to themselves and paint first, then its main photo;
// the app's code (about 115 KB) is then fetched and run to hydrate the page. A frame, then a task:
// the callback of the next frame runs before that frame's paint, the task after it.
//
// It imports nothing, so that it is a chunk of its own and the app's chunks stay as they are for
// the pages rendered in the browser; hence the template's id (APP_CODE_ID of
// domain/server-render.ts) is written out here. The browser tests of every server-rendered page
// fail if the two differ: the page is never hydrated.
const APP_CODE_ID = 'app-code';

function loadAppCode() {
  const code = document.getElementById(APP_CODE_ID);
  if (!(code instanceof HTMLTemplateElement)) {
    console.error(`PawStay: the page has no #${APP_CODE_ID} template, so its app cannot start`);
    return;
  }
  for (const node of code.content.children) {
    // A script made by the parser inside a template is never run, even when copied out of it.
    const element = node instanceof HTMLScriptElement ? document.createElement('script') : node.cloneNode(true);
    if (node instanceof HTMLScriptElement) for (const { name, value } of node.attributes) (element as Element).setAttribute(name, value);
    document.head.append(element);
  }
  code.remove();
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

function start() {
  if (started) return;
  started = true;
  for (const type of REACHING) removeEventListener(type, start, true);
  loadAppCode();
}

// A visitor who reaches for the page (a tap, a key, a focus) gets its code at once.
for (const type of REACHING) addEventListener(type, start, true);
// A tab in the background paints no frame until it is shown: its code loads at once, also when
// it was sent there while the photo was on its way.
if (document.visibilityState === 'hidden') start();
else
  void mainPhotosLoaded().then(() => {
    if (document.visibilityState === 'hidden') start();
    else requestAnimationFrame(() => setTimeout(start));
  });
