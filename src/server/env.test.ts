// Configuration: .env.example, copied as it is, is a valid configuration (empty means unset), and the
// checks that guard a bad deploy refuse clearly.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

const example = Object.fromEntries(
  fs
    .readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

describe('configuration', () => {
  it('.env.example as it is runs the offline default: SQLite, local uploads, no admin', () => {
    const env = loadEnv(example);
    expect(env).toMatchObject({ DATABASE_PATH: './data/app.db', UPLOADS_DIR: './data/uploads', PG_POOL_SIZE: 10, PG_PREPARED_STATEMENTS: true, DRAIN_DELAY_MS: 0 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });

  it('names every variable the server reads', () => {
    const source = fs.readFileSync(path.resolve(import.meta.dirname, 'env.ts'), 'utf8');
    const read = [...source.matchAll(/^ {4}([A-Z0-9_]+): /gm)].map((m) => m[1]);
    expect(read.length).toBeGreaterThan(20);
    expect(read.filter((name) => !(name! in example))).toEqual(['NODE_ENV']);
  });

  it('refuses what cannot work, with the variable named', () => {
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(() => loadEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadEnv({ ADMIN_PASSWORD: 'twelve chars+' })).toThrow(/ADMIN_EMAIL: required/);
  });
});
