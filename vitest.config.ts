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
  },
});
