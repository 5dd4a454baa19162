import sharp from 'sharp';

// Stand-in photos for the demo when the shared photo folder is absent: warm gradients with one
// simple flat motif (a house, a window with a cat, or paw prints), the same image for the same
// index on every run.

export const PLACEHOLDER_WIDTH = 1600;
export const PLACEHOLDER_HEIGHT = 1067;

type Palette = { from: string; to: string; ink: string; accent: string; name: string };

const PALETTES: Palette[] = [
  { name: 'apricot', from: '#fde3c8', to: '#f4a261', ink: '#7a3e12', accent: '#fff4e6' },
  { name: 'terracotta', from: '#f8d5c4', to: '#d9825b', ink: '#6b2d17', accent: '#fff1ea' },
  { name: 'marigold', from: '#fff0c2', to: '#f2b84b', ink: '#6e4b06', accent: '#fffaf0' },
  { name: 'rose', from: '#fbe0dc', to: '#e99a8f', ink: '#74312a', accent: '#fff5f3' },
  { name: 'sand', from: '#f6ead8', to: '#d6b48c', ink: '#5c4124', accent: '#fffaf2' },
  { name: 'sage', from: '#e8efdf', to: '#a8bf8e', ink: '#3d5129', accent: '#f8fbf4' },
];

const MOTIFS = ['house', 'window', 'paws'] as const;
export type PlaceholderMotif = (typeof MOTIFS)[number];

export type PlaceholderSpec = { index: number; motif: PlaceholderMotif; palette: string; alt: string };

/** What placeholder `index` shows, for alt texts. */
export function placeholderSpec(index: number): PlaceholderSpec {
  const motif = MOTIFS[index % MOTIFS.length] ?? 'house';
  // Motif and palette cycle at different rates, so the first 18 placeholders all differ.
  const palette = PALETTES[(index + Math.floor(index / PALETTES.length)) % PALETTES.length] ?? PALETTES[0]!;
  const alt =
    motif === 'house'
      ? `Illustration of a home with a garden on a warm ${palette.name} background`
      : motif === 'window'
        ? `Illustration of a cat in a sunny window on a warm ${palette.name} background`
        : `Illustration of paw prints on a warm ${palette.name} background`;
  return { index, motif, palette: palette.name, alt };
}

function houseMotif(p: Palette, shift: number): string {
  const x = 560 + shift;
  return `
    <rect x="0" y="860" width="1600" height="207" fill="${p.ink}" opacity="0.12"/>
    <circle cx="${1260 - shift}" cy="250" r="90" fill="${p.accent}" opacity="0.8"/>
    <g transform="translate(${x} 330)">
      <polygon points="-60,230 240,0 540,230" fill="${p.ink}" opacity="0.85"/>
      <rect x="0" y="220" width="480" height="310" rx="10" fill="${p.accent}"/>
      <rect x="60" y="290" width="120" height="110" rx="8" fill="${p.to}"/>
      <line x1="120" y1="290" x2="120" y2="400" stroke="${p.accent}" stroke-width="8"/>
      <line x1="60" y1="345" x2="180" y2="345" stroke="${p.accent}" stroke-width="8"/>
      <rect x="290" y="330" width="120" height="200" rx="10" fill="${p.ink}" opacity="0.8"/>
      <circle cx="390" cy="435" r="8" fill="${p.accent}"/>
    </g>
    <g fill="${p.ink}" opacity="0.55">
      ${tree(x - 170, 820, 70, 90, 60)}
      ${tree(x + 680, 800, 90, 120, 80)}
    </g>`;
}

/** A round tree: its crown centred on (cx, cy), and a trunk from that centre down. */
function tree(cx: number, cy: number, rx: number, ry: number, trunk: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}"/>
      <rect x="${cx - 6}" y="${cy}" width="12" height="${trunk}"/>`;
}

function windowMotif(p: Palette, shift: number): string {
  const x = 470 + shift;
  return `
    <g transform="translate(${x} 170)">
      <rect x="0" y="0" width="660" height="640" rx="24" fill="${p.ink}" opacity="0.85"/>
      <rect x="30" y="30" width="600" height="580" rx="12" fill="${p.accent}"/>
      <rect x="30" y="30" width="600" height="580" rx="12" fill="${p.to}" opacity="0.35"/>
      <line x1="330" y1="30" x2="330" y2="610" stroke="${p.ink}" stroke-width="16" opacity="0.85"/>
      <line x1="30" y1="320" x2="630" y2="320" stroke="${p.ink}" stroke-width="16" opacity="0.85"/>
      <rect x="-40" y="640" width="740" height="40" rx="10" fill="${p.ink}"/>
      <g fill="${p.ink}">
        <ellipse cx="200" cy="560" rx="110" ry="90"/>
        <circle cx="200" cy="440" r="62"/>
        <polygon points="150,400 160,340 195,385"/>
        <polygon points="250,400 240,340 205,385"/>
        <path d="M300 600 C 380 600, 400 520, 360 480" stroke="${p.ink}" stroke-width="22" fill="none" stroke-linecap="round"/>
      </g>
    </g>`;
}

/** The four toes of a paw print, left to right, round its pad at (0, 40). */
const TOES = [
  [-70, -44],
  [-25, -84],
  [25, -84],
  [70, -44],
] as const;

function paw(cx: number, cy: number, scale: number, angle: number, fill: string): string {
  return `<g transform="translate(${cx} ${cy}) rotate(${angle}) scale(${scale})" fill="${fill}">
      <ellipse cx="0" cy="40" rx="62" ry="52"/>
      ${TOES.map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="22" ry="29"/>`).join('\n      ')}
    </g>`;
}

function pawsMotif(p: Palette, shift: number): string {
  const trail = [
    [360, 820, -18],
    [560, 690, -8],
    [760, 600, 4],
    [960, 480, 12],
    [1160, 380, 20],
  ] as const;
  return trail
    .map(([x, y, a], i) => paw(x + shift, y - (i % 2) * 60, 1.2 + i * 0.1, a, i % 2 ? p.ink : p.accent))
    .join('\n');
}

/** The SVG source of placeholder `index`. */
export function placeholderSvg(index: number): string {
  const spec = placeholderSpec(index);
  const p = PALETTES.find((x) => x.name === spec.palette) ?? PALETTES[0]!;
  // Deterministic small variations so that placeholders sharing a motif still differ.
  const shift = ((index * 97) % 5) * 40 - 80;
  const angle = 120 + ((index * 37) % 6) * 10;
  const motif =
    spec.motif === 'house' ? houseMotif(p, shift) : spec.motif === 'window' ? windowMotif(p, shift) : pawsMotif(p, shift);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PLACEHOLDER_WIDTH}" height="${PLACEHOLDER_HEIGHT}" viewBox="0 0 ${PLACEHOLDER_WIDTH} ${PLACEHOLDER_HEIGHT}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle - 90} 0.5 0.5)">
      <stop offset="0" stop-color="${p.from}"/>
      <stop offset="1" stop-color="${p.to}"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  ${motif}
</svg>`;
}

/** Placeholder `index` as a PNG, ready for storePhoto. */
export async function placeholderPhoto(index: number): Promise<{ data: Buffer; alt: string }> {
  const data = await sharp(Buffer.from(placeholderSvg(index))).png({ compressionLevel: 1 }).toBuffer();
  return { data, alt: placeholderSpec(index).alt };
}
