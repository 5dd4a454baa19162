// `node scripts/make-icons.mjs`: the installed app's icons (src/web/public/icons, committed), drawn
// from the favicon (src/web/public/favicon.svg) so that the mark has one source. Run it again after
// changing the favicon. Decision 057.
//   icon-192.png, icon-512.png   the mark as it is, rounded corners and all (the manifest's "any")
//   icon-maskable-512.png        square to the edges, the drawing at 80%: Android cuts its own shape
//                                out of it (a circle at worst, the middle 80%), and at full size
//                                the roof's ends touched the circle's edge
//   apple-touch-icon.png (180)   square too: iOS rounds the corners itself, and would paint
//                                transparent ones black
//   badge-96.png                 the white drawing alone: Android's status bar shows a
//                                notification's badge by its transparency only
//   favicon-32.png               the tab's icon (index.html): Chromium decodes a page's icon on its
//                                main thread, and an SVG one costs it a whole document (19 ms of a
//                                desktop core as /search loaded), a small PNG next to nothing
import { readFileSync, mkdirSync } from 'node:fs';
import sharp from 'sharp';

const OUT = 'src/web/public/icons';
const favicon = readFileSync('src/web/public/favicon.svg', 'utf8');

/** `svg` with `from` replaced, or a loud failure when a redrawn favicon no longer has it. */
function edit(svg, from, to) {
  if (!svg.includes(from)) throw new Error(`favicon.svg no longer contains ${from}: update scripts/make-icons.mjs`);
  return svg.replace(from, to);
}

const square = edit(favicon, ' rx="12"', '');
const maskable = edit(edit(square, '<path', '<g transform="translate(20 20) scale(0.8) translate(-20 -20)"><path'), '</svg>', '</g></svg>');
// The drawing spans x 7.7-32.3 and y 8.7-30.9 of the 40 units: a 26-unit square around it.
const badge = edit(edit(favicon, /<rect [^>]*\/>/.exec(favicon)?.[0] ?? '<rect', ''), 'viewBox="0 0 40 40"', 'viewBox="7 7 26 26"');

const icons = [
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'icon-maskable-512.png', svg: maskable, size: 512 },
  { file: 'apple-touch-icon.png', svg: square, size: 180 },
  { file: 'badge-96.png', svg: badge, size: 96 },
  { file: 'favicon-32.png', svg: favicon, size: 32 },
];

mkdirSync(OUT, { recursive: true });
for (const { file, svg, size } of icons) {
  const units = Number(/viewBox="[\d.]+ [\d.]+ ([\d.]+)/.exec(svg)[1]);
  // Drawn at the icon's own size (72 dpi is one pixel a unit), not drawn small and enlarged.
  await sharp(Buffer.from(svg), { density: (72 * size) / units })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true, quality: 100 })
    .toFile(`${OUT}/${file}`);
  console.log(`${OUT}/${file} (${size} px)`);
}
