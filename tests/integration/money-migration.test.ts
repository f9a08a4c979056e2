// Migrating to integer cents (docs/decisions/005-integer-cents.md): a database populated by the release before
// it (dollars in `real` / `double precision` columns) is migrated on this run's engine, and every amount reads
// the same to the cent: lots' prices and day rates, each booking's fees, total, refunds and price lines, its
// changes and card charges, the credit ledger and balances, and access fees.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, ENGINE, migrateDatabase, migrationsFolder, openDatabase, type DB } from '@/server/db/client';
import * as schema from '@/server/db/schema';
import { createEmptyDatabase } from '../support/databases';

/** The last migration of the release before integer cents. */
const BEFORE = ENGINE === 'postgres' ? '0008_job_request_ids' : '0014_job_request_ids';

/** A copy of the migrations folder that ends at `last` (what the previous release shipped). */
function migrationsUpTo(last: string, dir: string): string {
  const from = migrationsFolder();
  const to = path.join(dir, 'migrations');
  fs.cpSync(from, to, { recursive: true });
  const journalFile = path.join(to, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === last);
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return to;
}

/** Runs SQL on the raw connection (the old schema has no Drizzle model any more). */
async function rawExec(target: string, statements: string[]): Promise<void> {
  if (ENGINE === 'postgres') {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      for (const s of statements) await client.query(s);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(target);
  try {
    db.transaction(() => statements.forEach((s) => db.exec(s)))();
  } finally {
    db.close();
  }
}

async function migrateOld(target: string, folder: string): Promise<void> {
  if (ENGINE === 'postgres') {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: folder });
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(target);
  try {
    migrateSqlite(drizzleSqlite(db), { migrationsFolder: folder });
  } finally {
    db.close();
  }
}

// Dollar amounts as the old release stored them: sums of doubles, some a hair off their cents.
let seed = 20261126;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const dollars = () => Math.round(rand() * 50_000) / 100 + (rand() < 0.3 ? 1e-12 * (rand() < 0.5 ? 1 : -1) : 0);
const cents = (d: number) => Math.round(d * 100);

interface Expected {
  lot: { price: number; weekly: number; dayRate: number };
  bookings: { parking: number; service: number; credit: number; total: number; refunded: number; lines: { label: string; amount: number; dayRate?: true }[] }[];
  change: { before: number; after: number; charged: number; refunded: number; creditReturned: number };
  payment: { amount: number; refunded: number };
  credits: number[];
  balance: number;
  guestBalance: number;
  accessFee: number;
}

function oldRows(now: string): { statements: string[]; expected: Expected } {
  const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const lot = { price: 10.95, weekly: 59.95, dayRate: 15.95 };
  const statements = [
    `insert into locations (id, kind, code, name, short_name, city, state, region, latitude, longitude, slug, seo_slug, aliases, created_at) values (9001, 'airport', 'ZZT', 'Test Field', 'Test Field', 'Testville', 'FL', 'South', 28.4, -81.3, 'zzt', 'zzt-airport-parking', '[]', ${now})`,
    `insert into parking_providers (id, location_id, name, slug, location, address, latitude, longitude, distance_miles, distance, price, weekly_rate, capacity, features, image_urls, amenities, vehicle_types, created_at, updated_at) values (9001, 9001, 'Old Lot', 'old-lot', 'Test Field', '1 Old Rd', 28.41, -81.31, 1.2, '1.2 miles', ${lot.price}, ${lot.weekly}, 50, '[]', '[]', '[]', '[]', ${now}, ${now})`,
    `insert into lot_days (provider_id, day, capacity, taken, price) values (9001, 21000, 50, 0, ${lot.dayRate})`,
    `insert into users (id, name, email, credit_balance, created_at, updated_at) values (9001, 'Old Traveller', 'old@example.com', 0.1 + 0.2 + 0.69, ${now}, ${now})`,
    `insert into guest_credits (email, balance, updated_at) values ('guest@example.com', 0.99, ${now})`,
  ];
  const bookings: Expected['bookings'] = [];
  for (let i = 0; i < 60; i++) {
    const parking = dollars();
    const credit = rand() < 0.2 ? 0.99 : 0;
    const total = parking + 1.99 - credit;
    const refunded = rand() < 0.3 ? Math.min(total, dollars()) : 0;
    const lines: Expected['bookings'][number]['lines'] =
      rand() < 0.5
        ? [
            { label: `${i + 1} days × $10.95`, amount: parking - 5 },
            { label: "Holiday rate Dec 24: +$5.00 (it's)", amount: 5, dayRate: true },
          ]
        : [{ label: '1 week × $59.95', amount: parking }];
    bookings.push({ parking, service: 1.99, credit, total, refunded, lines });
    statements.push(
      `insert into bookings (id, provider_id, user_id, confirmation_number, first_name, last_name, email, phone, arrival_date, departure_date, vehicle_make, vehicle_model, parking_fee, price_lines, service_fee, credit_applied, total_fee, refunded_amount, status, created_at) values (${9001 + i}, 9001, 9001, 'PP-OLD${String(i).padStart(4, '0')}', 'Old', 'Traveller', 'old@example.com', '5550100100', '2027-05-01T10:00', '2027-05-04T10:00', 'Kia', 'Soul', ${parking}, ${q(JSON.stringify(lines))}, 1.99, ${credit}, ${total}, ${refunded}, 'confirmed', ${now})`,
    );
  }
  const change = { before: 32.85, after: 43.8, charged: 10.95, refunded: 0, creditReturned: 0.99 };
  statements.push(
    `insert into booking_changes (booking_id, kind, status, from_arrival, from_departure, to_arrival, to_departure, parking_fee_before, parking_fee_after, price_lines, charged, refunded, credit_returned, kept_cents, created_at) values (9001, 'dates', 'applied', '2027-05-01T10:00', '2027-05-04T10:00', '2027-05-01T10:00', '2027-05-05T10:00', ${change.before}, ${change.after}, '[{"label":"4 days × $10.95","amount":43.8}]', ${change.charged}, ${change.refunded}, ${change.creditReturned}, 0, ${now})`,
  );
  const payment = { amount: bookings[0]!.total, refunded: bookings[0]!.refunded };
  statements.push(
    `insert into booking_payments (booking_id, payment_intent_id, amount, refunded, created_at) values (9001, 'pi_old_1', ${payment.amount}, ${payment.refunded}, ${now})`,
  );
  const credits = [0.99, -0.99, 0.1 + 0.2, 0.69];
  credits.forEach((amount, i) =>
    statements.push(`insert into user_credits (user_id, amount, type, description, created_at) values (9001, ${amount}, 'adjustment', 'old ${i}', ${now})`),
  );
  statements.push(
    `insert into information_access (user_id, location, payment_intent_id, amount, status, created_at) values (9001, 'ZZT', 'pi_old_access', 0.99, 'succeeded', ${now})`,
  );
  return { statements, expected: { lot, bookings, change, payment, credits, balance: 0.1 + 0.2 + 0.69, guestBalance: 0.99, accessFee: 0.99 } };
}

describe(`migrating money to integer cents (${ENGINE})`, () => {
  let dir: string;
  let drop: () => Promise<void>;
  let db: DB;
  let expected: Expected;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-cents-'));
    const empty = await createEmptyDatabase(dir);
    drop = empty.drop;
    await migrateOld(empty.target, migrationsUpTo(BEFORE, dir));
    const old = oldRows(ENGINE === 'postgres' ? 'now()' : String(Date.now()));
    expected = old.expected;
    await rawExec(empty.target, old.statements);
    // The new release starts: the app's own migration step.
    db = openDatabase(empty.target);
    await migrateDatabase(db);
  }, 60_000);

  afterAll(async () => {
    await closeDatabase(db);
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps every lot's prices and day rates to the cent", async () => {
    const { eq } = await import('drizzle-orm');
    const [lot] = await db.select().from(schema.parkingProviders).where(eq(schema.parkingProviders.id, 9001));
    expect([lot!.priceCents, lot!.weeklyRateCents]).toEqual([1095, 5995]);
    const [day] = await db.select().from(schema.lotDays).where(eq(schema.lotDays.providerId, 9001));
    expect(day!.priceCents).toBe(1595);
  });

  it("keeps every booking's fees, total, refunds and price lines to the cent", async () => {
    const { asc, eq } = await import('drizzle-orm');
    const rows = await db.select().from(schema.bookings).where(eq(schema.bookings.providerId, 9001)).orderBy(asc(schema.bookings.id));
    expect(rows).toHaveLength(expected.bookings.length);
    rows.forEach((b, i) => {
      const want = expected.bookings[i]!;
      expect([b.parkingFeeCents, b.serviceFeeCents, b.creditAppliedCents, b.totalFeeCents, b.refundedCents]).toEqual([
        cents(want.parking),
        199,
        cents(want.credit),
        cents(want.total),
        cents(want.refunded),
      ]);
      expect(b.priceLines).toEqual(want.lines.map((l) => ({ label: l.label, cents: cents(l.amount), ...(l.dayRate ? { dayRate: true } : {}) })));
      for (const n of [b.parkingFeeCents, b.totalFeeCents, b.refundedCents]) expect(Number.isInteger(n)).toBe(true);
    });
  });

  it("keeps a change's money, the card charges, the credit ledger and balances, and access fees", async () => {
    const { asc, eq } = await import('drizzle-orm');
    const [change] = await db.select().from(schema.bookingChanges).where(eq(schema.bookingChanges.bookingId, 9001));
    const c = expected.change;
    expect([change!.parkingFeeBeforeCents, change!.parkingFeeAfterCents, change!.chargedCents, change!.refundedCents, change!.creditReturnedCents]).toEqual([
      cents(c.before),
      cents(c.after),
      cents(c.charged),
      cents(c.refunded),
      cents(c.creditReturned),
    ]);
    expect(change!.priceLines).toEqual([{ label: '4 days × $10.95', cents: 4380 }]);
    const [payment] = await db.select().from(schema.bookingPayments).where(eq(schema.bookingPayments.paymentIntentId, 'pi_old_1'));
    expect([payment!.amountCents, payment!.refundedCents]).toEqual([cents(expected.payment.amount), cents(expected.payment.refunded)]);
    const ledger = await db.select().from(schema.userCredits).where(eq(schema.userCredits.userId, 9001)).orderBy(asc(schema.userCredits.id));
    expect(ledger.map((l) => l.amountCents)).toEqual(expected.credits.map(cents));
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, 9001));
    expect(user!.creditBalanceCents).toBe(99);
    expect(user!.creditBalanceCents).toBe(ledger.reduce((s, l) => s + l.amountCents, 0));
    const [guest] = await db.select().from(schema.guestCredits).where(eq(schema.guestCredits.email, 'guest@example.com'));
    expect(guest!.balanceCents).toBe(99);
    const [fee] = await db.select().from(schema.informationAccess).where(eq(schema.informationAccess.paymentIntentId, 'pi_old_access'));
    expect(fee!.amountCents).toBe(99);
  });
});
