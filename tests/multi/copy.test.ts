// Moving an install: a server on the SQLite default takes a booking, stops; npm run db:copy-to-postgres copies
// the file into an empty PostgreSQL database; a server on PostgreSQL then serves the same account, booking,
// ids, times and JSON.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { call, dayFromToday, freshDatabase, query, sessionCookie, startServer, type Server } from './servers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-copy-'));
const file = path.join(dir, 'app.db');
const started: Server[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  fs.rmSync(dir, { recursive: true, force: true });
});

it('copies an SQLite install into PostgreSQL: the same account signs in and sees the same booking', async () => {
  // 1. The embedded default: SQLite, one server.
  const sqliteServer = await startServer('sqlite', '', { DATABASE_URL: '', DATABASE_PATH: file });
  started.push(sqliteServer);
  const email = `mover-${Date.now()}@example.com`;
  const reg = await call(sqliteServer, '/api/auth/register', { name: 'Mover', email, password: 'moving house now' });
  const cookie = sessionCookie(reg.headers);
  const lot = (await call(sqliteServer, '/api/search?location=MCO')).json.providers[0];
  const booked = await call(
    sqliteServer,
    '/api/bookings/automated',
    {
      providerId: lot.id,
      customerInfo: { firstName: 'Mo', lastName: 'Ver', email, phone: '555-010-0123' },
      reservationDetails: { arrivalDate: `${dayFromToday(9)}T08:30`, departureDate: `${dayFromToday(12)}T17:00`, vehicleMake: 'Volvo', vehicleModel: 'V60' },
      paymentInfo: { cardNumber: '4242424242424242', expirationDate: '12/34', cvv: '123', billingZip: '32801' },
    },
    { cookie, headers: { 'Idempotency-Key': randomUUID() } },
  );
  expect(booked.status).toBe(200);
  const before = (await call(sqliteServer, '/api/bookings/history', undefined, { cookie })).json;
  expect(await sqliteServer.stop()).toBe(0);

  // 2. The copy.
  const url = await freshDatabase('parkpilot_copy');
  const copy = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/copy-to-postgres.ts', '--from', file], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
  expect(copy.stderr).toBe('');
  expect(copy.status).toBe(0);
  expect(copy.stdout).toMatch(/Copied [\d,]+ rows/);
  // A second copy into the now non-empty database is refused and changes nothing.
  const again = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/copy-to-postgres.ts', '--from', file], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
  expect(again.status).toBe(1);
  expect(again.stderr).toMatch(/copy into an empty database/);

  // 3. PostgreSQL: same ids, same times, same JSON; new rows get new ids.
  const pgServer = await startServer('postgres', url);
  started.push(pgServer);
  const login = await call(pgServer, '/api/auth/login', { email, password: 'moving house now' });
  expect(login.status).toBe(200);
  expect(login.json.user.id).toBe(reg.json.user.id);
  const after = (await call(pgServer, '/api/bookings/history', undefined, { cookie: sessionCookie(login.headers) })).json;
  expect(after).toEqual(before);
  const [row] = await query<{ price_lines: unknown; created_at: Date }>(url, 'select price_lines, created_at from bookings where confirmation_number = $1', [
    booked.json.confirmationNumber,
  ]);
  expect(Array.isArray(row!.price_lines)).toBe(true);
  expect(row!.created_at).toBeInstanceOf(Date);
  const next = await call(pgServer, '/api/auth/register', { name: 'Newcomer', email: `new-${Date.now()}@example.com`, password: 'a brand new one' });
  expect(next.status).toBe(201);
  expect(next.json.user.id).toBeGreaterThan(reg.json.user.id);
}, 180_000);
