// The first-view loader's photos (first-view-loader.ts, decision 047): on a server-rendered page,
// the photos past the first screen (those the server marks loading="lazy": the first screen's are
// eager) wait for the app's code. The browser fetches a lazy photo once it is within a few
// screens, which on a slow line is the moment the code is asked for: on /search three card photos
// (about 190 KB) shared the line with the code (about 140 KB gzip), and the page answered a press
// a second later. Their fetch does not start until the app is about to hydrate (it says so with
// APP_HYDRATING_EVENT), its code has failed, or WAIT_MS has passed; each is then put back as the
// server wrote it, before React looks at it. Meanwhile each is hidden, so that no alt text shows
// where its photo will be.

const LATER = '#root img[loading="lazy"]';
const SRC = 'data-later-src';
const SRCSET = 'data-later-srcset';
const STYLE = 'data-later-style';
/** A slow or stalled code load does not keep the photos away for longer. */
const WAIT_MS = 10_000;

let held: HTMLImageElement[] = [];
let released = false;

const isLater = (node: Node): node is HTMLImageElement => node instanceof HTMLImageElement && node.matches(LATER);

/** Moves a later photo's address aside, so that the browser does not fetch it yet. */
function hold(img: HTMLImageElement) {
  if (released || img.hasAttribute(SRC) || (img.complete && img.naturalWidth > 0)) return;
  for (const [from, to] of [['src', SRC], ['srcset', SRCSET], ['style', STYLE]] as const) {
    const value = img.getAttribute(from);
    if (value !== null) img.setAttribute(to, value);
  }
  img.removeAttribute('srcset');
  img.removeAttribute('src');
  img.style.visibility = 'hidden';
  held.push(img);
}

/** Puts every held photo back as the server wrote it; the browser then fetches those near the screen. */
export function release() {
  released = true;
  for (const img of held.splice(0)) {
    for (const [to, from] of [['style', STYLE], ['srcset', SRCSET], ['src', SRC]] as const) {
      const value = img.getAttribute(from);
      img.removeAttribute(from);
      if (value === null) img.removeAttribute(to);
      else img.setAttribute(to, value);
    }
  }
}

/**
 * Holds each later photo as the parser adds it to the page, before any layout can find it near the
 * screen (the browser lays out and paints between the parser's chunks, before the whole HTML has
 * been read), until `release`.
 */
export function holdLaterPhotos() {
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (isLater(node)) hold(node);
  });
  observer.observe(document, { childList: true, subtree: true });
  const sweep = () => {
    observer.disconnect();
    document.querySelectorAll<HTMLImageElement>(LATER).forEach(hold);
    if (held.length > 0 && !released) setTimeout(release, WAIT_MS);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', sweep, { once: true });
  else sweep();
}
