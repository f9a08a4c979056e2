// npm run test:pg: the integration suite (and the database unit tests) against a throwaway PostgreSQL 15
// cluster instead of SQLite. Same test files, same assertions: only the engine differs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startPostgres } from './pg-cluster.mjs';

const root = path.resolve(import.meta.dirname, '..');
const pg = await startPostgres();
console.log(`PostgreSQL test cluster at ${pg.url}`);
let status = 1;
try {
  const files = process.argv.slice(2);
  const res = spawnSync(path.join(root, 'node_modules/.bin/vitest'), ['run', ...(files.length ? files : ['tests/integration', 'src/server'])], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PARKPILOT_DB_ENGINE: 'postgres', TEST_PG_URL: pg.url },
  });
  status = res.status ?? 1;
} finally {
  pg.stop();
}
process.exit(status);
