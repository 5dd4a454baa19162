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
