import { LATER_PHOTO_ATTRIBUTES, LATER_PHOTOS_WAIT_MS } from '../../domain/app-code';

// The first-view loader's photos (first-view-loader.ts, decision 047): on a server-rendered page,
// the photos past the first screen (those the server marks loading="lazy": the first screen's are
// eager) wait for the app's code. The browser fetches a lazy photo once it is within a few
// screens, which on a slow line is the moment the code is asked for: on /search three card photos
// (about 190 KB) shared the line with the code (about 140 KB gzip), and the page answered a press
// a second later. The server writes their addresses aside (server-render.ts, holdLaterPhotos), and
// the style sheet hides them meanwhile, so that no alt text shows where a photo will be; each is
// put back as the server rendered it once the app is about to hydrate (APP_HYDRATING_EVENT), its
// code has failed, or LATER_PHOTOS_WAIT_MS has passed, before React looks at it.

const HELD = `#root img[${LATER_PHOTO_ATTRIBUTES.src}], #root img[${LATER_PHOTO_ATTRIBUTES.srcset}]`;

/** Puts every held photo back as the server rendered it; the browser then fetches those near the screen. */
export function release() {
  for (const img of document.querySelectorAll(HELD)) {
    // The srcset first: given its src first, the browser would start fetching that one size.
    for (const [to, from] of [['srcset', LATER_PHOTO_ATTRIBUTES.srcset], ['src', LATER_PHOTO_ATTRIBUTES.src]] as const) {
      const value = img.getAttribute(from);
      if (value === null) continue;
      img.removeAttribute(from);
      img.setAttribute(to, value);
    }
  }
}

/** Releases the held photos after LATER_PHOTOS_WAIT_MS, should nothing have released them by then. */
export function releaseLaterPhotosInTime() {
  setTimeout(release, LATER_PHOTOS_WAIT_MS);
}
