import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

// Cuts of Inter that a page's first paint needs, made from the installed
// @fontsource-variable/inter when Vite starts (weight axis kept; generated, never committed).
// styles.css maps their characters to them, and index.html preloads them.
// - The rupee sign is in Inter's Latin Extended file (85 KB): every page with a price fetched all
//   of it for one glyph, alongside the page's photo and code on a slow line (about 0.5 s of
//   Lighthouse's first paint on /host). Its cut is about 1 KB.
// - The Latin file (48 KB) has every letter of Western Europe; the pages' own text is English.
//   The basic cut (ASCII and the punctuation the pages use, 30 KB) is preloaded, and the Latin
//   file is only fetched for a character beyond it, such as an accent in a host's name.

const INTER = 'node_modules/@fontsource-variable/inter/files';
const CACHE = 'node_modules/.cache/pawstay';

/** The basic cut's characters, as inclusive ranges of code points; styles.css says the same. */
const BASIC_LATIN: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xa0], // no-break space
  [0xa9, 0xa9], // ©
  [0xb0, 0xb0], // °
  [0xb7, 0xb7], // ·
  [0xd7, 0xd7], // ×
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // −
];

const charactersOf = (ranges: readonly (readonly [number, number])[]) =>
  ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join('');

/**
 * The language switcher's two names in their own scripts, on every page (decision 059): a device
 * without a Gujarati or Devanagari font (a bare Linux, this project's CI) drew them as boxes. Cut
 * from Noto at one weight (2 KB each, where the variable cut is 5 KB), and named apart, so that no
 * other text in those scripts is drawn half in a cut that lacks its letters.
 */
export const LANGUAGE_NAMES = { gu: 'ગુજરાતી', hi: 'हिन्दी' } as const;

/**
 * Each page in Gujarati or Hindi draws its script's text in Noto, every character of the script
 * (a conjunct needs its letters in one font) at the weights the app's styles use, 400 to 700: the
 * weight axis cut to that range takes a third to a half off the file (Gujarati 112 -> 60 KB, Devanagari 121 -> 82 KB),
 * which the page fetches beside its first photo on a slow line (Lighthouse's LCP on /search in
 * Gujarati 2.6 s against English's 1.9 s). fonts-gu.css and fonts-hi.css map the same characters.
 */
const GUJARATI_TEXT: readonly (readonly [number, number])[] = [
  [0x0951, 0x0952],
  [0x0964, 0x0965],
  [0x0a80, 0x0aff],
  [0x200c, 0x200d],
  [0x25cc, 0x25cc],
  [0xa830, 0xa839],
];
const DEVANAGARI_TEXT: readonly (readonly [number, number])[] = [
  [0x0900, 0x097f],
  [0x1cd0, 0x1cf9],
  [0x200c, 0x200d],
  [0x20f0, 0x20f0],
  [0x25cc, 0x25cc],
  [0xa830, 0xa839],
  [0xa8e0, 0xa8ff],
  [0x11b00, 0x11b09],
];
const TEXT_WEIGHTS = { min: 400, max: 700 } as const;

const NOTO_GUJARATI = 'node_modules/@fontsource-variable/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-wght-normal.woff2';
const NOTO_DEVANAGARI = 'node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2';

/** What each cut holds; `stylesheet` maps its characters to it (src/web/styles.css unless named). */
export const FONT_SUBSETS: readonly {
  source: string;
  target: string;
  text: string;
  weight?: number | { min: number; max: number };
  stylesheet?: string;
}[] = [
  { source: `${INTER}/inter-latin-ext-wght-normal.woff2`, target: `${CACHE}/inter-rupee-wght-normal.woff2`, text: '₹' },
  { source: `${INTER}/inter-latin-wght-normal.woff2`, target: `${CACHE}/inter-basic-wght-normal.woff2`, text: charactersOf(BASIC_LATIN) },
  { source: NOTO_GUJARATI, target: `${CACHE}/noto-gujarati-name-500.woff2`, text: LANGUAGE_NAMES.gu, weight: 500 },
  { source: NOTO_DEVANAGARI, target: `${CACHE}/noto-devanagari-name-500.woff2`, text: LANGUAGE_NAMES.hi, weight: 500 },
  { source: NOTO_GUJARATI, target: `${CACHE}/noto-sans-gujarati-text-400-700.woff2`, text: charactersOf(GUJARATI_TEXT), weight: TEXT_WEIGHTS, stylesheet: 'src/web/i18n/fonts-gu.css' },
  { source: NOTO_DEVANAGARI, target: `${CACHE}/noto-sans-devanagari-text-400-700.woff2`, text: charactersOf(DEVANAGARI_TEXT), weight: TEXT_WEIGHTS, stylesheet: 'src/web/i18n/fonts-hi.css' },
];

async function modified(file: string): Promise<number | undefined> {
  return stat(file).then(
    (s) => s.mtimeMs,
    () => undefined,
  );
}

/**
 * Writes each subset's target from its source before Vite reads the CSS, unless it is newer than
 * both its source and this file (which says what each cut holds).
 */
export async function makeFontSubsets(root: string): Promise<void> {
  const rules = (await modified(fileURLToPath(import.meta.url))) ?? Number.POSITIVE_INFINITY;
  for (const subset of FONT_SUBSETS) {
    const source = path.join(root, subset.source);
    const target = path.join(root, subset.target);
    const made = await modified(target);
    if (made !== undefined && made >= Math.max((await modified(source))!, rules)) continue;
    const font = await subsetFont(await readFile(source), subset.text, { targetFormat: 'woff2', ...(subset.weight ? { variationAxes: { wght: subset.weight } } : {}) });
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside, then renamed: a second Vite starting at the same time never reads half a file.
    const aside = `${target}.${process.pid}.tmp`;
    await writeFile(aside, font);
    await rename(aside, target);
  }
}

export function fontSubsets(root: string): Plugin {
  return { name: 'pawstay:font-subsets', buildStart: () => makeFontSubsets(root) };
}
