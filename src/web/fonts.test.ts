import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_SUBSETS, LANGUAGE_NAMES } from '../../scripts/vite/font-subsets';
import { LOCALE_NAMES } from '@/domain/locales';

// styles.css (and a language's fonts-*.css) maps characters to Inter's files and to the cuts that
// scripts/vite/font-subsets.ts makes. A character in no face falls back to another font; one in
// two faces may fetch both.

type Face = { src: string; codePoints: Set<number> };

function codePointsOf(ranges: readonly (readonly [number, number])[]): Set<number> {
  return new Set(ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i)));
}

function facesOf(css: string): Face[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
    const range = /unicode-range:\s*([^;]+);/.exec(body!)?.[1] ?? '';
    const ranges = range.split(',').map((part) => {
      const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as const;
    });
    return { src: /src:\s*url\(['"]?([^'")]+)/.exec(body!)?.[1] ?? '', codePoints: codePointsOf(ranges) };
  });
}

const ours = facesOf(readFileSync('src/web/styles.css', 'utf8'));
const fontsource = facesOf(readFileSync('node_modules/@fontsource-variable/inter/wght.css', 'utf8'));
const face = (faces: Face[], file: string) => faces.find((f) => f.src.endsWith(file))!;
const sorted = (points: Iterable<number>) => [...points].sort((a, b) => a - b);

describe('the font faces of styles.css', () => {
  it.each(FONT_SUBSETS.map((s) => [path.basename(s.target), s.text, s.stylesheet] as const))('map %s to exactly the characters it is cut with', (file, text, stylesheet) => {
    const faces = stylesheet ? facesOf(readFileSync(stylesheet, 'utf8')) : ours;
    expect(sorted(face(faces, file).codePoints)).toEqual(sorted([...text].map((c) => c.codePointAt(0)!)));
  });

  it("send the rest of Inter's Latin range, and only the rest, to its Latin file", () => {
    const basic = face(ours, 'inter-basic-wght-normal.woff2').codePoints;
    const latin = face(ours, 'inter-latin-wght-normal.woff2').codePoints;
    expect(sorted([...latin].filter((c) => basic.has(c)))).toEqual([]);
    expect(sorted([...latin, ...basic])).toEqual(sorted(face(fontsource, 'inter-latin-wght-normal.woff2').codePoints));
  });

  it("send Inter's Latin Extended range, but ₹, to its Latin Extended file", () => {
    const rupee = '₹'.codePointAt(0)!;
    const ext = face(ours, 'inter-latin-ext-wght-normal.woff2').codePoints;
    expect(ext.has(rupee)).toBe(false);
    expect(sorted([...ext, rupee])).toEqual(sorted(face(fontsource, 'inter-latin-ext-wght-normal.woff2').codePoints));
  });

  it("cut the switcher's names from the names it shows", () => {
    expect(LANGUAGE_NAMES).toEqual({ gu: LOCALE_NAMES.gu, hi: LOCALE_NAMES.hi });
  });
});
