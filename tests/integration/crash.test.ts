// A real server process killed between the charge and its answer, restarted, and retried with the same
// Idempotency-Key (Stripe mode, against a local fake of the Stripe API that keeps its idempotency keys as
// Stripe does): one booking, one charge, whatever the delay. The sandbox gateway has the same guarantee
// in-process (checkout-recovery.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, ENGINE, openDatabase, type DB } from '@/server/db/client';
import { bookings, idempotencyKeys } from '@/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { checkoutRequest, stayAt } from '../support/factories';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';

const root = path.resolve(import.meta.dirname, '../..');
let fake: FakeStripe;
/** The server's database on this run's engine (a copied SQLite file, or a PostgreSQL database), and its directory. */
let database: TestDatabase;
let port = 0;

beforeAll(async () => {
  fake = await startFakeStripe();
  fake.addPaymentMethod('pm_card_visa', { brand: 'visa', last4: '4242' });
  database = await createTestDatabase('parkpilot-crash-');
  port = 4500 + Math.floor(Math.random() * 400);
});
afterAll(async () => {
  await fake.close();
  await database.remove();
});

/** Every server this file started and that is still running: none outlives its test, whatever failed in it. */
const running = new Set<ChildProcess>();
afterEach(async () => {
  await Promise.all([...running].map((child) => kill(child)));
});

function spawnServer(extra: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${port}`,
      DATABASE_PATH: ENGINE === 'postgres' ? path.join(database.dir, 'unused.db') : database.target,
      DATABASE_URL: ENGINE === 'postgres' ? database.target : '',
      OUTBOX_DIR: path.join(database.dir, 'outbox'),
      UPLOADS_DIR: path.join(database.dir, 'uploads'),
      LOG_REQUESTS: '0',
      STRIPE_SECRET_KEY: 'sk_test_crash',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_crash',
      STRIPE_API_URL: `http://127.0.0.1:${fake.port}`,
      ...extra,
    },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

async function startServer(): Promise<ChildProcess> {
  const child = spawnServer();
  // The server's log (JSON lines on stdout) and anything on stderr, to explain a failed start.
  let stderr = '';
  child.stdout!.on('data', (d) => (stderr += d));
  child.stderr!.on('data', (d) => (stderr += d));
  // tsx compiles the server on start: up to 45 s on a loaded 2-core machine.
  for (let i = 0; i < 450; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await kill(child);
  throw new Error(`server did not start: ${stderr}`);
}

const kill = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/** A handle of our own on the server's database, for one look or change. */
async function withDb<T>(fn: (db: DB) => Promise<T>): Promise<T> {
  const db = openDatabase(database.target);
  try {
    return await fn(db);
  } finally {
    await closeDatabase(db);
  }
}

/** Moves the database's clock back: as if `ms` passed since the first request (keys, holds, timestamps). */
function age(ms: number) {
  const back = (d: Date) => new Date(d.getTime() - ms);
  return withDb(async (db) => {
    for (const k of await db.select().from(idempotencyKeys)) {
      await db
        .update(idempotencyKeys)
        .set({ createdAt: back(k.createdAt), updatedAt: k.updatedAt && back(k.updatedAt) })
        .where(eq(idempotencyKeys.id, k.id));
    }
    for (const b of await db.select().from(bookings).where(eq(bookings.status, 'pending'))) {
      await db
        .update(bookings)
        .set({ createdAt: back(b.createdAt), holdExpiresAt: b.holdExpiresAt && back(b.holdExpiresAt) })
        .where(eq(bookings.id, b.id));
    }
  });
}

function rows(email: string) {
  return withDb((db) =>
    db.select({ id: bookings.id, status: bookings.status, confirmationNumber: bookings.confirmationNumber }).from(bookings).where(eq(bookings.email, email)).orderBy(bookings.id),
  );
}

function checkout(email: string, key: string, nights: number) {
  return fetch(`http://127.0.0.1:${port}/api/bookings/automated`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: `http://localhost:${port}`, 'Idempotency-Key': key },
    body: JSON.stringify(checkoutRequest(7, { email, arrival: stayAt(nights), departure: stayAt(nights + 2), paymentMethodId: 'pm_card_visa' })),
  });
}

const bookingCharges = (bookingId: number) => [...fake.intents.values()].filter((pi) => pi.metadata?.purpose === 'booking' && pi.metadata?.bookingId === String(bookingId));

describe('a server killed between the charge and the answer', () => {
  it.each([
    ['6 minutes later (the hold still stands)', 6 * 60_000],
    ['11 minutes later (the hold expired: the restarted server settles it from the charge)', 11 * 60_000],
  ])(
    'retried %s: one booking, one charge',
    async (_when, delay) => {
      const email = `crash-${delay}@example.com`;
      const key = `crash-key-${delay}`;
      let server = await startServer();
      fake.holdCharges = true;
      const charged = fake.nextCharge();
      const first = checkout(email, key, delay === 6 * 60_000 ? 20 : 24).catch((err: Error) => err);
      await charged;
      await kill(server);
      expect(await first).toBeInstanceOf(Error); // the browser never heard back
      fake.holdCharges = false;
      const held = await rows(email);
      expect(held).toMatchObject([{ status: 'pending' }]);

      await age(delay);
      server = await startServer();
      try {
        const retry = await checkout(email, key, delay === 6 * 60_000 ? 20 : 24);
        const body = await retry.json();
        expect(retry.status).toBe(200);
        expect(body).toMatchObject({ success: true, confirmationNumber: held[0]!.confirmationNumber, booking: { status: 'confirmed', cardLast4: '4242' } });
        expect(await rows(email)).toMatchObject([{ status: 'confirmed' }]);
        expect(bookingCharges(held[0]!.id)).toHaveLength(1);
        // And again: the stored outcome, still one charge.
        const again = await checkout(email, key, delay === 6 * 60_000 ? 20 : 24);
        expect((await again.json()).confirmationNumber).toBe(held[0]!.confirmationNumber);
        expect(bookingCharges(held[0]!.id)).toHaveLength(1);
        expect(fake.refunds.size).toBe(0);
      } finally {
        await kill(server);
      }
    },
    150_000,
  );
});

describe('booting in production', () => {
  it('refuses to start when ADMIN_EMAIL is set without ADMIN_PASSWORD and no administrator exists', async () => {
    const child = spawnServer({ NODE_ENV: 'production', ADMIN_EMAIL: 'boss@parkpilot.example', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    // One JSON log line at level error says why, and what to do.
    const refusal = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: string; msg: string })
      .find((l) => l.msg.startsWith('Refusing to start'));
    expect(refusal?.level).toBe('error');
    expect(refusal?.msg).toContain('Refusing to start: ADMIN_EMAIL is set but ADMIN_PASSWORD is not, and no administrator exists.');
    expect(refusal?.msg).toContain('npm run admin:create');
  }, 30_000);
});
