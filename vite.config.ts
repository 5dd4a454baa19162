import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { lingui } from '@lingui/vite-plugin';
import { fontSubsets } from './scripts/vite/font-subsets.ts';
import { compileHints } from './scripts/vite/compile-hints.ts';
import { linguiMacros } from './scripts/vite/lingui-macros.ts';
import { catalogueParts } from './scripts/vite/catalogue-parts.ts';
import { lightIcons } from './scripts/vite/light-icons.ts';
import { lightPluralNumbers } from './scripts/vite/light-plural-numbers.ts';

// Two builds: the web app (dist/web), and with --ssr the server's renderer of the first views
// (web/entry-server.tsx into dist/ssr; decision 011), which needs no public files.
export default defineConfig(({ isSsrBuild }) => {
  const parts = catalogueParts(fileURLToPath(new URL('.', import.meta.url)));
  return {
    root: 'src/web',
    publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
    plugins: [linguiMacros(parts.record), parts, lingui(), react(), tailwindcss(), fontSubsets(fileURLToPath(new URL('.', import.meta.url))), compileHints(), lightIcons(fileURLToPath(new URL('.', import.meta.url))), lightPluralNumbers(fileURLToPath(new URL('.', import.meta.url)))],
    // Bundled into the server's renderer too, so that it draws the icons as the browser will (light-icons.ts).
    ssr: { noExternal: ['lucide-react'] },
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    build: {
      outDir: fileURLToPath(new URL(isSsrBuild ? './dist/ssr' : './dist/web', import.meta.url)),
      emptyOutDir: true,
      copyPublicDir: !isSsrBuild,
      // Written, for debugging and error reports, but not named at the end of each script: the
      // browser only fetches a map when its developer tools are open, and the comment cost each
      // script about 40 bytes gzip, 1.5 KB of a listing page's first view.
      sourcemap: 'hidden',
      // For the server: which chunks each server-rendered page needs (server/http/page-code.ts).
      manifest: !isSsrBuild,
      assetsInlineLimit: 0,
      rolldownOptions: {
        output: isSsrBuild
          ? {}
          : {
              // TanStack Query in one chunk: every page loads it with the app, and left to itself the
              // bundler cut it into five or six pieces, each a request and about 200 bytes of wrapping
              // (decision 022: 1.4 to 2.3 KB gzip off every first view).
              codeSplitting: {
                groups: [{ name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ }],
                // The small common chunks (an icon, a button, a date helper: 0.2-1 KB each) copied
                // into the chunks that read them, with one module state kept by Rolldown's runtime
                // (decision 046). A page asked for 48-52 scripts, six at a time over HTTP/1.1 at 562 ms
                // a round trip on slow 4G; now 14-15, and a working tap comes 3-4 s sooner. Style
                // modules stay in files, as Rolldown's guide says for Vite's CSS plugin.
                experimentalInlineCommonChunks: { maxSize: 10 * 1024, exclude: /\.css(\?|$)/ },
              },
            },
      },
    },
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
    },
  };
});
