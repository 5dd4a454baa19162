/**
 * The id of the inert <template> in which the server sends a rendered page's app code (its entry
 * script and module preloads), for web/first-view-loader.ts to load once the page is painted. A
 * module of its own: the loader is bundled alone, and must carry nothing else (decision 018).
 */
export const APP_CODE_ID = 'app-code';

/**
 * The Element Timing name of a page's main photo (its largest paint): the loader waits until the
 * browser reports it painted before it fetches the app's code (web/first-view-loader.ts).
 */
export const MAIN_PHOTO_TIMING = 'main-photo';

/**
 * The id of the JSON script in which the server lists, for each module named by a control's
 * `data-code` on a rendered page, the chunks it needs: a press on the control before the app runs
 * fetches them at once, with the app's code, rather than after the press has been replayed
 * (web/first-view/app-code.ts, decision 047).
 */
export const PRESS_CODE_ID = 'app-press-code';
/** The attribute that names the modules (as keys of the build's manifest, space-separated) a control's press needs. */
export const PRESS_CODE_ATTRIBUTE = 'data-code';

/**
 * The attributes into which the server moves the addresses of the photos past a rendered page's
 * first screen (those it marks loading="lazy"), so that the browser does not fetch them before the
 * app's code; the first-view loader puts them back as the app is about to hydrate (decision 047).
 */
export const LATER_PHOTO_ATTRIBUTES = { src: 'data-later-src', srcset: 'data-later-srcset' } as const;
/** How long the loader holds them at most: a slow or stalled code load does not keep the photos away longer. */
export const LATER_PHOTOS_WAIT_MS = 10_000;
