// Vitest for npm run test:multi: built servers on a throwaway PostgreSQL (scripts/test-multi.mjs starts it,
// and a local S3-compatible server), one file at a time.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

export default defineConfig({
  // The app's own modules (a test reads the job kinds, say) resolve as in the unit tests.
  resolve: {
    alias: { '@': path.join(root, 'src'), '@db': path.join(root, 'db') },
  },
  test: {
    include: ['tests/multi/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
