// Vitest for npm run test:multi: built servers on a throwaway PostgreSQL (scripts/test-multi.mjs starts it,
// and a local S3-compatible server), one file at a time.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/multi/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
