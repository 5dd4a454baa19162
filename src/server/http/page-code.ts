import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PRESS_CODE_ATTRIBUTE } from '../../domain/app-code';
import { INTL_LOCALES, type Locale } from '../../domain/locales';
import type { ServerRenderedPath } from '../../domain/server-render';
import { CATALOGUE_PARTS_FILE } from './catalogue-parts-file';

// The code a server-rendered page needs besides the app's entry: its route's chunk and the
// chunks it imports. The entry would ask for them only once it has run, 0.6-0.7 s later on slow
// 4G (bench:first-tap, issue 36); listed with the entry's module preloads, they come with it.
// And the code that a control's press needs, for a press made before the app runs.

/**
 * The modules (under src/web) that each server-rendered page's route loads: its component and
 * what its loader imports, as the features' routes.ts files write them (a test keeps them in step).
 */
export const PAGE_MODULES: Record<ServerRenderedPath, readonly string[]> = {
  '/': ['features/marketing/pages/home-page.tsx'],
  '/about': ['features/marketing/pages/about-page.tsx'],
  '/how-it-works': ['features/marketing/pages/how-it-works-page.tsx'],
  '/faq': ['features/marketing/pages/faq-page.tsx'],
  '/contact': ['features/contact/contact-page.tsx'],
  '/host/guide': ['features/marketing/pages/host-guide-page.tsx'],
  '/host/safety': ['features/marketing/pages/host-safety-page.tsx'],
  '/search': ['features/search/search-page.tsx', 'features/search/api.ts', 'features/search/search-url.ts'],
  '/listing/:id': ['features/listings/listing-page.tsx', 'features/listings/detail-api.ts'],
  '/host': ['features/host/host-page.tsx', 'features/host/host-page-data.ts'],
};

/** Vite's build manifest (build.manifest): each chunk by its key, its file and the chunks it imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[]; assets?: string[] }>;

/** The manifest of the web build in `webDir` (dist/web/.vite/manifest.json), or undefined without one. */
export function readBuildManifest(webDir: string): BuildManifest | undefined {
  const file = path.join(webDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : undefined;
}

/** The URLs (/assets/...) of the chunks of `modules` (manifest keys) and every chunk they import, once each. */
function chunksOf(manifest: BuildManifest, modules: Iterable<string>): string[] {
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  for (const module of modules) walk(module);
  return [...files];
}

/** Each language's catalogue parts: the file (assets/...) holding the words of each module the app imports on demand. */
export type CatalogueParts = Partial<Record<Locale, Readonly<Record<string, string>>>>;

/** The catalogue parts of the web build in `webDir`, or undefined without them. */
export function readCatalogueParts(webDir: string): CatalogueParts | undefined {
  const file = path.join(webDir, CATALOGUE_PARTS_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CatalogueParts) : undefined;
}

/**
 * The URLs of the catalogue parts `page`'s route needs in `locale`: preloaded with its code, as the
 * app loads them beside it (web/i18n/messages.ts). None for English.
 */
export function pageWords(parts: CatalogueParts | undefined, locale: Locale, page: ServerRenderedPath): string[] {
  const files = PAGE_MODULES[page].map((module) => parts?.[locale]?.[module]).filter((file) => file !== undefined);
  return [...new Set(files)].map((file) => `/${file}`);
}

/** Each server-rendered page's chunks, as URLs (/assets/...), with every chunk they import. */
export function pageCode(manifest: BuildManifest): Map<ServerRenderedPath, string[]> {
  return new Map(Object.entries(PAGE_MODULES).map(([page, modules]) => [page as ServerRenderedPath, chunksOf(manifest, modules)]));
}

const PRESS_CODE = new RegExp(`\\s${PRESS_CODE_ATTRIBUTE}="([^"]+)"`, 'g');

/**
 * For each module that a control of the rendered page `html` says its press needs (its
 * PRESS_CODE_ATTRIBUTE, web/lib/press-code.ts), the chunks that module needs: what the first-view
 * loader fetches when that control is pressed before the app runs (decision 047). Modules the
 * build does not have are left out.
 */
export function pressCodeOf(html: string, manifest: BuildManifest): Record<string, string[]> {
  const modules = new Set([...html.matchAll(PRESS_CODE)].flatMap((match) => match[1]!.split(' ')));
  return Object.fromEntries([...modules].filter((module) => module in manifest).map((module) => [module, chunksOf(manifest, [module])]));
}

/** Each language's catalogue and font (web/i18n/locale-*.ts); English is the code's own text. */
const LOCALE_MODULES: Readonly<Record<Exclude<Locale, 'en'>, string>> = { gu: 'i18n/locale-gu.ts', hi: 'i18n/locale-hi.ts' };

/**
 * `html` (index.html) in `locale`: its <html lang>, and for Gujarati and Hindi the style sheet of
 * their font (before the first paint: a page drawn in a fallback, then redrawn, moves) and the
 * catalogue's chunk, preloaded with the app's own code (loadAppAfterPaint moves it with the
 * entry's) rather than asked for once the app runs, a round trip later.
 */
export function inLanguage(html: string, locale: Locale, manifest: BuildManifest | undefined): string {
  const out = html.replace(/<html(?: lang="[^"]*")?/, `<html lang="${INTL_LOCALES[locale]}"`);
  if (locale === 'en' || !manifest) return out;
  const module = LOCALE_MODULES[locale];
  const styles = (manifest[module]?.css ?? []).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  // The script's font, asked for with the HTML rather than once the first layout finds text in it.
  const fonts = (manifest[module]?.assets ?? []).filter((file) => file.endsWith('.woff2')).map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`);
  const chunks = chunksOf(manifest, [module]).map((url) => `<link rel="modulepreload" crossorigin href="${url}">`);
  return out.replace(/([ \t]*)<\/head>/, (end, indent: string) => [...fonts, ...styles, ...chunks].map((tag) => `${indent}  ${tag}\n`).join('') + end);
}
