import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

// The rupee sign is in Inter's Latin Extended file (85 KB), so every page with a price fetched
// all of it for one glyph, alongside the page's photo and code on a slow line (about 0.5 s of
// Lighthouse's first paint on /host). This plugin cuts that glyph into a font of its own (about
// 1 KB, weight axis kept) when Vite starts; styles.css maps U+20B9 to it and index.html preloads
// it. Made from the installed @fontsource-variable/inter, so it follows that package's updates.

const SOURCE = 'node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2';
/** Where styles.css and index.html expect it (generated, never committed). */
export const RUPEE_FONT = 'node_modules/.cache/pawstay/inter-rupee-wght-normal.woff2';

async function modified(file: string): Promise<number | undefined> {
  return stat(file).then(
    (s) => s.mtimeMs,
    () => undefined,
  );
}

/** Writes RUPEE_FONT from SOURCE unless it is already newer, before Vite reads the CSS. */
export async function makeRupeeFont(root: string): Promise<void> {
  const source = path.join(root, SOURCE);
  const target = path.join(root, RUPEE_FONT);
  const made = await modified(target);
  if (made !== undefined && made >= (await modified(source))!) return;
  const font = await subsetFont(await readFile(source), '₹', { targetFormat: 'woff2' });
  await mkdir(path.dirname(target), { recursive: true });
  // Written aside, then renamed: a second Vite starting at the same time never reads half a file.
  const aside = `${target}.${process.pid}.tmp`;
  await writeFile(aside, font);
  await rename(aside, target);
}

export function rupeeFont(root: string): Plugin {
  return { name: 'pawstay:rupee-font', buildStart: () => makeRupeeFont(root) };
}
