/**
 * The id of the inert <template> in which the server sends a rendered page's app code (its entry
 * script and module preloads), for web/first-view-loader.ts to load once the page is painted. A
 * module of its own: the loader is bundled alone, and must carry nothing else (decision 018).
 */
export const APP_CODE_ID = 'app-code';
