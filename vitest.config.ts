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
    testTimeout: 20_000,
  },
});
