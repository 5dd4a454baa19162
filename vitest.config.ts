import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // Vitest's default leaves one core free (one worker on a 2-core machine); the server tests
    // spend much of their time waiting on the database and the disk, so a worker per core halves
    // the run.
    maxWorkers: '100%',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./src/server/test/global-setup.ts'],
  },
});
