// Playwright: journeys in Debian's Chromium against the built server on a throwaway database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { walletTestKeys } from './tests/support/wallet-keys';

const PORT = Number(process.env.E2E_PORT ?? 4321);
const BASE_URL = `http://localhost:${PORT}`;
// Workers re-evaluate this file in their own processes: the data directory is fixed once, in the
// runner, and inherited through the environment so tests can read the server's outbox. A run's directory is
// kept after it ends, for a look after a failure; the next run removes those whose runner has ended.
if (!process.env.E2E_DATA_DIR) {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const pid = /^parkpilot-e2e-(\d+)$/.exec(name)?.[1];
    if (pid && !running(Number(pid))) fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
  process.env.E2E_DATA_DIR = path.join(os.tmpdir(), `parkpilot-e2e-${process.pid}`);
}
const dataDir = process.env.E2E_DATA_DIR;
// Apple and Google Wallet with throwaway keys (made once, in the runner; workers inherit them): wallet.spec.ts.
process.env.E2E_WALLET_ENV ??= JSON.stringify((({ appleEnv, googleEnv }) => ({ ...appleEnv, ...googleEnv }))(walletTestKeys()));
const walletEnv = JSON.parse(process.env.E2E_WALLET_ENV) as Record<string, string>;
export const ADMIN = { email: 'admin@parkpilot.example', password: 'e2e admin password' };

/** Whether process `pid` is running (signal 0 checks without sending; EPERM: it runs, as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  // Two browsers, the server and the runner share two cores: a code-split page that shows in about 1.3 s on a
  // quiet machine has taken over 5 s (the default) to render there, and a long journey over 30 s. These tests
  // check behaviour, not speed (npm run bench measures that); checks that must be quick say so themselves.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // Recording a trace (a screenshot per frame, a DOM snapshot per action) was over a quarter of the suite's
    // time, thrown away for every test that passed. A failure under CI is run again with its trace recorded;
    // locally, pass --trace=retain-on-failure (npm run test:e2e -- --trace=retain-on-failure).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    // At 390 px, the journeys whose screens change with the width (header and menu, search and results, lot
    // pages, checkout, manage, the gate, phone layouts, accessibility of the public pages). The back office, the
    // blog lists, account forms, the assistant's answers and the JavaScript budget are the same code and the
    // same layout at both widths: they run once, at 1280 px, to keep CI within its time.
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      testIgnore: [
        '**/admin.spec.ts',
        '**/admin-blog.spec.ts',
        '**/catalogue-admin.spec.ts',
        '**/blog.spec.ts',
        '**/accounts.spec.ts',
        '**/payment-methods.spec.ts',
        '**/performance.spec.ts',
        '**/assistant.spec.ts',
        '**/access-fee.spec.ts',
      ],
    },
  ],
  // After the suite, the server's log must hold no token, cookie or card number (tests/e2e/log-scan.ts).
  globalTeardown: './tests/e2e/log-scan.ts',
  webServer: {
    // Request lines on, the server's output kept in server.log beside its database for the log scan.
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && exec node dist/server/index.js > ${dataDir}/server.log 2>&1`,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      APP_URL: BASE_URL,
      DATABASE_PATH: path.join(dataDir, 'app.db'),
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
      UPLOADS_DIR: path.join(dataDir, 'uploads'),
      LOG_REQUESTS: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Each test presents its own client address (tests/e2e/fixtures.ts), as separate travellers would,
      // so per-address abuse limits apply per test rather than across the whole run.
      TRUST_PROXY: '1',
      ...walletEnv,
    },
  },
});
