// npm run test:e2e: installs Chromium if needed, builds, then runs Playwright against the built server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureChromium();
const run = (cmd, args) => {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
};
run('npm', ['run', 'build']);
run(path.join(root, 'node_modules/.bin/playwright'), ['test', ...process.argv.slice(2)]);
