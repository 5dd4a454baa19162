// Bundles the server (and the domain code it imports) into dist/server/main.js; npm packages stay
// external and load from node_modules. The SQL migrations and the PO catalogues are copied beside
// the bundle.
// Also bundles the first-view loader (src/web/first-view-loader.ts), which the server writes into
// the head of each server-rendered page (decision 018): a classic script of its own, not one of
// Vite's modules, so it runs as the HTML is read; named by its content, as Vite names the app's.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
// The catalogues the server answers in (server/i18n/words.ts, decision 063).
cpSync('src/locales', 'dist/server/locales', { recursive: true });
console.log('server built: dist/server/main.js');

// The server inlines the one it finds: an older one, of a build run without Vite's, must go.
for (const old of readdirSync('dist/web/assets').filter((name) => name.startsWith('first-view-'))) rmSync(`dist/web/assets/${old}`);
await build({
  entryPoints: { 'first-view': 'src/web/first-view-loader.ts' },
  outdir: 'dist/web/assets',
  entryNames: '[name]-[hash]',
  bundle: true,
  platform: 'browser',
  format: 'iife',
  // The browsers the app's own build targets (Vite's baseline).
  target: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
