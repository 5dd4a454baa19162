// The service worker (decision 057), built after Vite's build into dist/web, whose files it names:
// - dist/web/offline.html and offline.js: the offline page, from src/web/service-worker, with the
//   address of the font Vite built;
// - dist/web/sw.js: src/web/service-worker/sw.ts, a classic script (module workers are recent in
//   Safari and Firefox), with the app shell's paths and the build's version written in. The version
//   is a hash of Vite's manifest (every chunk's name), of the shell's files and of the worker's
//   sources: any change to them is a new cache, and the worker of the next build deletes this one.
import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const WEB = 'dist/web';
const SOURCE = 'src/web/service-worker';

const viteManifest = readFileSync(path.join(WEB, '.vite/manifest.json'), 'utf8');
const font = Object.values(JSON.parse(viteManifest)).find((entry) => entry.src?.endsWith('/inter-basic-wght-normal.woff2'));
if (!font) throw new Error('the Vite build has no inter-basic-wght-normal.woff2 (styles.css): the offline page needs its address');

writeFileSync(path.join(WEB, 'offline.html'), readFileSync(path.join(SOURCE, 'offline.html'), 'utf8').replaceAll('%INTER_BASIC%', `/${font.file}`));
copyFileSync(path.join(SOURCE, 'offline.js'), path.join(WEB, 'offline.js'));

// The offline page and what it shows, and the notifications' icons (a push may come offline).
const shell = ['/offline.html', '/offline.js', `/${font.file}`, '/favicon.svg', '/icons/icon-192.png', '/icons/badge-96.png'];

const hash = createHash('sha256').update(viteManifest);
for (const file of [...shell.map((url) => path.join(WEB, url)), ...readdirSync(SOURCE).filter((name) => !name.includes('.test.')).map((name) => path.join(SOURCE, name))]) {
  hash.update(file).update(readFileSync(file));
}
const version = hash.digest('hex').slice(0, 16);

await build({
  entryPoints: [path.join(SOURCE, 'sw.ts')],
  outfile: path.join(WEB, 'sw.js'),
  bundle: true,
  platform: 'browser',
  format: 'iife',
  // The browsers the app's own build targets (Vite's baseline).
  target: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
  define: { __SW_VERSION__: JSON.stringify(version), __SW_SHELL__: JSON.stringify(shell) },
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`service worker built: ${WEB}/sw.js (version ${version}, ${shell.length} files kept for offline)`);
