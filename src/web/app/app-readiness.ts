// How the app tells the first-view loader (web/first-view-loader.ts) where it stands; the loader
// holds the taps made on a server-rendered page until the app can act on them (decision 018).

/** Dispatched on the document once the app has hydrated the page (or rendered it) and can act. */
export const APP_READY_EVENT = 'pawstay:app-ready';

/**
 * Dispatched on the document when the app's code has all arrived and it is about to hydrate a
 * server-rendered page: the loader then lets the photos past the first screen be fetched, having
 * kept the line for the code until now (first-view/later-photos.ts). Dispatched synchronously, so
 * the page is as the server wrote it when React looks at it.
 */
export const APP_HYDRATING_EVENT = 'pawstay:app-hydrating';

/** Dispatched on the document when the page's code could not be loaded: it will never act. */
export const APP_FAILED_EVENT = 'pawstay:app-failed';
