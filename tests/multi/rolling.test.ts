// Deploys under load, with built servers on one PostgreSQL: a SIGTERM (default settings) while a burst of
// connections waits in the accept queue answers every one of them; replacing two servers one at a time behind
// a load balancer that follows /readyz loses no request and charges each booking once; a server killed with
// SIGKILL mid-burst leaves nothing that a retry with the same Idempotency-Key cannot finish.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayFromToday, freshDatabase, query, startServer, type Server } from './servers';

let url: string;
const started: Server[] = [];
const boot = async (name: string) => {
  const s = await startServer(name, url);
  started.push(s);
  return s;
};

// Booting a server is most of this file's time: the first three start together, and the two that replace
// them in the rolling deploy are the pair the SIGKILL test then uses.
let queueServer: Server;
let firstPair: Server[] = [];
let deployed: Server[] = [];
beforeAll(async () => {
  url = await freshDatabase('parkpilot_rolling');
  const [q, a, b] = await Promise.all([boot('queue-a'), boot('roll-a'), boot('roll-b')]);
  queueServer = q;
  firstPair = [a, b];
}, 180_000);
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop('SIGKILL')));
});

let lots: { id: number; capacity: number }[] = [];
let made = 0;
/**
 * A one-night booking, spread over lots and nights so that none is refused as full: each lot-night once in every
 * 6,000 bookings (20 lots, 300 nights), then again. A deploy's half minute books thousands; nights must stay
 * within the 12 months bookings may be made ahead.
 */
function bookingBody() {
  const n = made++;
  const lot = lots[n % lots.length]!;
  const night = 10 + (Math.floor(n / lots.length) % 300);
  return {
    providerId: lot.id,
    customerInfo: { firstName: 'Roll', lastName: 'Ing', email: `rolling-${n}@example.com`, phone: '555-010-0199' },
    reservationDetails: { arrivalDate: `${dayFromToday(night)}T10:00`, departureDate: `${dayFromToday(night + 1)}T09:00`, vehicleMake: 'Kia', vehicleModel: 'Rio' },
    paymentInfo: { cardNumber: '4242424242424242', expirationDate: '12/34', cvv: '123', billingZip: '32801' },
  };
}

interface Answer {
  key: string;
  status: number | null;
  error?: string;
  confirmation?: string;
}

/** POST /api/bookings/automated on a connection of its own (no keep-alive), as many browsers would. */
function postBooking(base: string, body: unknown, key: string): Promise<Answer> {
  const target = new URL('/api/bookings/automated', base);
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      target,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), Origin: base, 'Idempotency-Key': key } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let confirmation: string | undefined;
          try {
            confirmation = JSON.parse(text).confirmationNumber;
          } catch {
            // not JSON
          }
          resolve({ key, status: res.statusCode ?? null, confirmation });
        });
        res.on('error', (err) => resolve({ key, status: null, error: err.message }));
      },
    );
    req.on('error', (err) => resolve({ key, status: null, error: (err as NodeJS.ErrnoException).code ?? err.message }));
    req.end(payload);
  });
}

/** Every booking the database has for these keys' e-mails, with its charges at the sandbox gateway. */
async function ledger() {
  return query<{ id: number; status: string; confirmation_number: string; charges: number }>(
    url,
    `select b.id, b.status, b.confirmation_number,
            (select count(*)::int from sandbox_intents i where i.metadata ->> 'purpose' = 'booking' and i.metadata ->> 'bookingId' = b.id::text and i.status = 'succeeded') as charges
       from bookings b where b.email like 'rolling-%'`,
  );
}

describe('deploying under a booking burst', () => {
  it('SIGTERM with default settings answers every connection of a burst still arriving', async () => {
    const a = queueServer;
    lots = await query<{ id: number; capacity: number }>(url, 'select id, capacity from parking_providers order by capacity desc, id limit 20');
    // A burst of 60 connections, one every 10 ms, and the signal after the tenth: as behind a load balancer
    // that has not yet seen /readyz turn 503, connections keep arriving (and queue in the kernel) after it.
    // Closing the listener at once would reset or refuse the rest.
    const burst: Promise<Answer>[] = [];
    for (let i = 0; i < 60; i++) {
      if (i === 10) a.process.kill('SIGTERM');
      burst.push(postBooking(a.base, bookingBody(), randomUUID()));
      await new Promise((r) => setTimeout(r, 10)); // the burst's pace is the condition under test, not a wait for a result
    }
    const answers = await Promise.all(burst);
    expect(answers.filter((x) => x.status === null)).toEqual([]);
    expect(answers.every((x) => x.status === 200)).toBe(true);
    expect(await a.exited).toBe(0);
    const rows = await ledger();
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(60);
    expect(rows.every((r) => r.charges === 1)).toBe(true);
  }, 120_000);

  it('replacing two servers one at a time behind a readiness-following balancer loses nothing and charges once', async () => {
    let pool = [...firstPair];
    const ready = new Set(pool.map((s) => s.base));
    // The load balancer: round robin over servers whose /readyz answers 200, polled every 100 ms.
    let polling = true;
    const poll = (async () => {
      while (polling) {
        await Promise.all(
          pool.map(async (s) => {
            const ok = await fetch(`${s.base}/readyz`).then(
              (r) => r.ok,
              () => false,
            );
            if (ok) ready.add(s.base);
            else ready.delete(s.base);
          }),
        );
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    let turn = 0;
    const proxyErrors: string[] = [];
    const balancer = http.createServer((req, res) => {
      const targets = [...ready];
      const base = targets[turn++ % Math.max(1, targets.length)];
      if (!base) {
        res.writeHead(503).end();
        return;
      }
      const upstream = http.request(new URL(req.url!, base), { method: req.method, headers: req.headers, agent: false }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', (err) => {
        proxyErrors.push(`${base}: ${(err as NodeJS.ErrnoException).code ?? err.message}`);
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
    });
    await new Promise<void>((r) => balancer.listen(0, '127.0.0.1', r));
    const front = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;

    // Eight travellers book one after another until the deploy is done.
    let booking = true;
    const answers: Answer[] = [];
    const travellers = Array.from({ length: 8 }, async () => {
      while (booking) answers.push(await postBooking(front, bookingBody(), randomUUID()));
    });
    const replace = async (old: Server, name: string) => {
      const next = await boot(name);
      pool = [...pool, next];
      old.process.kill('SIGTERM');
      expect(await old.exited).toBe(0);
      pool = pool.filter((s) => s !== old);
    };
    // Bookings flow through the old pair before the deploy, and through the new pair after it.
    await vi.waitFor(() => expect(answers.length).toBeGreaterThanOrEqual(16), { timeout: 30_000, interval: 50 });
    await replace(pool[0]!, 'roll-c');
    await replace(pool[0]!, 'roll-d');
    const afterDeploy = answers.length;
    await vi.waitFor(() => expect(answers.length).toBeGreaterThanOrEqual(afterDeploy + 16), { timeout: 30_000, interval: 50 });
    booking = false;
    await Promise.all(travellers);
    polling = false;
    await poll;
    await new Promise<void>((r) => balancer.close(() => r()));

    deployed = pool;
    expect(proxyErrors).toEqual([]);
    expect(answers.length).toBeGreaterThan(40);
    expect(answers.filter((x) => x.status !== 200)).toEqual([]);
    const confirmations = new Set(answers.map((x) => x.confirmation));
    expect(confirmations.size).toBe(answers.length);
    const rows = (await ledger()).filter((r) => confirmations.has(r.confirmation_number));
    expect(rows).toHaveLength(answers.length);
    expect(rows.every((r) => r.status === 'confirmed' && r.charges === 1)).toBe(true);
  }, 180_000);

  it('a server killed with SIGKILL mid-burst leaves nothing that a retry with the same key cannot finish', async () => {
    // The two servers the rolling deploy left running (or fresh ones when that test did not run).
    const [x, y] = (deployed.length === 2 ? deployed : await Promise.all([boot('kill-x'), boot('kill-y')])) as [Server, Server];
    const sent = Array.from({ length: 30 }, () => ({ key: randomUUID(), body: bookingBody() }));
    const first = sent.map((s) => postBooking(x.base, s.body, s.key));
    await new Promise((r) => setTimeout(r, 60)); // a kill at an arbitrary moment mid-burst is the condition under test
    x.process.kill('SIGKILL');
    const firstAnswers = await Promise.all(first);
    // Keys the dead server was working on wait out their lease before another server takes over: as if two
    // minutes passed (the keys' and the holds' clocks moved back).
    await query(url, `update idempotency_keys set updated_at = updated_at - interval '3 minutes', created_at = created_at - interval '3 minutes' where status = 'in_progress'`);
    const retried = await Promise.all(sent.map((s) => postBooking(y.base, s.body, s.key)));
    expect(retried.filter((r) => r.status !== 200)).toEqual([]);
    for (const [i, r] of retried.entries()) {
      const before = firstAnswers[i]!;
      if (before.status === 200) expect(r.confirmation).toBe(before.confirmation);
    }
    const confirmations = new Set(retried.map((r) => r.confirmation));
    expect(confirmations.size).toBe(sent.length);
    const rows = (await ledger()).filter((r) => confirmations.has(r.confirmation_number));
    expect(rows).toHaveLength(sent.length);
    expect(rows.every((r) => r.status === 'confirmed' && r.charges === 1)).toBe(true);
    // Nothing is left held: no booking of this burst is still pending.
    const emails = sent.map((s) => s.body.customerInfo.email);
    expect(await query(url, `select id from bookings where status = 'pending' and email = any($1)`, [emails])).toEqual([]);
  }, 180_000);
});
