// npm run test:multi: two (and three) built app servers on one throwaway PostgreSQL 15 and one local
// S3-compatible server (s3rver): capacity, idempotency, the scheduler, rate limits, sessions, access fees,
// uploads, draining, booting at once, and moving an SQLite install (tests/multi).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { startPostgres } from './pg-cluster.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Asynchronously: the S3 server lives in this process and must keep answering while the tests run.
const run = (cmd, args, env = {}) =>
  new Promise((resolve) => spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).on('exit', (code) => resolve(code ?? 1)));

if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

const pg = await startPostgres();
const s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-s3-'));
const bucket = 'parkpilot-uploads';
const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: bucket, configs: [] }] });
const { port } = await s3.run();
console.log(`PostgreSQL at ${pg.url}, S3 at http://127.0.0.1:${port}/${bucket}`);
let status = 1;
try {
  status = await run(path.join(root, 'node_modules/.bin/vitest'), ['run', '--config', 'vitest.multi.config.ts', ...process.argv.slice(2)], {
    TEST_PG_URL: pg.url,
    TEST_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    TEST_S3_BUCKET: bucket,
    // The AWS SDK's notice that its 2027 releases need Node 22 (we pin a release that supports Node 20).
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
} finally {
  await s3.close();
  fs.rmSync(s3dir, { recursive: true, force: true });
  pg.stop();
}
process.exit(status);
