/**
 * Where the web build writes each language's catalogue parts by module (decision 064): written by
 * scripts/vite/catalogue-parts.ts, read by page-code.ts. A module of its own, without imports, so
 * that the build's configuration can read it.
 */
export const CATALOGUE_PARTS_FILE = '.vite/catalogue-parts.json';
