// Vitest: unit tests beside the code and HTTP-level integration tests (Node environment).
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: { '@': path.join(root, 'src'), '@db': path.join(root, 'db') },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Files share each worker's module graph instead of importing the app afresh per file: import was two thirds
    // of the run (218 s isolated, 75 s shared, SQLite). Every test file makes its own app and database
    // (tests/support/test-app.ts), and module state is keyed by database, so files do not see each other's data;
    // a shuffled file order passes too (npx vitest run --sequence.shuffle.files).
    isolate: false,
    testTimeout: 20_000,
  },
});
