// How the app tells the first-view loader (web/first-view-loader.ts) where it stands; the loader
// holds the taps made on a server-rendered page until the app can act on them (decision 018).

/** Dispatched on the document once the app has hydrated the page (or rendered it) and can act. */
export const APP_READY_EVENT = 'pawstay:app-ready';

/** Dispatched on the document when the page's code could not be loaded: it will never act. */
export const APP_FAILED_EVENT = 'pawstay:app-failed';
