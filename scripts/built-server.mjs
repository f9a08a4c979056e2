// Boots the built server (building it first if needed) on a throwaway database, for the bench, the HTML
// checker and Lighthouse. Returns its base URL, its data directory, and a stop function that also removes
// the directory (unless asked to keep it, to start again on the same data).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export async function startBuiltServer(port, { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-measure-')), env = {} } = {}) {
  if (!fs.existsSync(path.join(root, 'dist/server/index.js'))) {
    const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_PATH: path.join(dir, 'app.db'),
      APP_URL: base,
      OUTBOX_DIR: path.join(dir, 'outbox'),
      UPLOADS_DIR: path.join(dir, 'uploads'),
      LOG_REQUESTS: 'false',
      ...env,
    },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async ({ keep = false } = {}) => {
    server.kill('SIGTERM');
    await exited;
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, dir, stop, pid: server.pid };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('server did not start');
}

/** The path of a published blog post (the first featured one). */
export async function aPostPath(base) {
  const posts = await (await fetch(`${base}/api/blog/featured`)).json();
  return `/blog/${posts[0].slug}`;
}
