import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiMacros } from './scripts/vite/lingui-macros.ts';
import { catalogueParts } from './scripts/vite/catalogue-parts.ts';

export default defineConfig({
  // The app's messages, as the build has them (decision 059), each language's catalogue whole (decision 064).
  plugins: [linguiMacros(), catalogueParts(fileURLToPath(new URL('.', import.meta.url))), lingui()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./src/server/test/global-setup.ts'],
    // The test files of a worker share its modules (decision 069): isolated, each file loaded the
    // whole server again (Fastify, the AWS SDK, the catalogues...), about 2 s a file and a third of
    // the run (the server's modules on PostgreSQL: 273 s, 168 s of it importing; shared, 166 s).
    // Each file still builds its own app and database; a file whose subject keeps state between
    // imports resets the modules before each test (web/i18n/messages.test.ts).
    isolate: false,
  },
});
