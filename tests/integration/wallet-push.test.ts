// Apple Wallet pushes (the periodic 'wallet-push'), against a local stand-in for APNs over HTTP/2 and TLS (no
// network): after a booking changes, each device registered for its pass gets one empty notification for the
// pass type, sent with the pass certificate as the client certificate; a device APNs says is gone loses its
// registration; nothing is due again until the next change; without Apple Wallet keys nothing is looked at.
import fs from 'node:fs';
import http2 from 'node:http2';
import type { TLSSocket } from 'node:tls';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings, walletRegistrations } from '@/server/db/schema';
import { systemClock } from '@/server/deps';
import { passAuthToken } from '@/server/modules/wallet/config';
import { apnsSender, pushChangedPasses } from '@/server/modules/wallet/push';
import { logged } from '../support/console';
import { createBooking } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';
import { localhostTls, TEST_PASS_TYPE_ID, walletTestKeys } from '../support/wallet-keys';

const keys = walletTestKeys();
const tls = localhostTls(keys.dir);
const t = await createTestApp(keys.appleEnv);

/** What the stand-in APNs received: path, topic and the client certificate's subject. */
const received: { path: string; topic: string; client: string; body: string }[] = [];
const apns = http2.createSecureServer({ ...tls, requestCert: true, rejectUnauthorized: false });
apns.on('stream', (stream, headers) => {
  const peer = (stream.session?.socket as TLSSocket).getPeerCertificate();
  let body = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (body += chunk));
  stream.on('end', () => {
    const path = String(headers[':path']);
    received.push({ path, topic: String(headers['apns-topic']), client: String(peer.subject?.CN ?? ''), body });
    if (path.endsWith('/gone-token')) {
      stream.respond({ ':status': 410 });
      stream.end(JSON.stringify({ reason: 'Unregistered' }));
    } else {
      stream.respond({ ':status': 200 });
      stream.end();
    }
  });
});
await new Promise<void>((resolve) => apns.listen(0, 'localhost', resolve));
const port = (apns.address() as { port: number }).port;

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => apns.close(resolve));
  fs.rmSync(keys.dir, { recursive: true, force: true });
});

const services = { db: t.db, env: t.env, clock: systemClock };
let connections = 0;
const connect: Parameters<typeof pushChangedPasses>[1] = (config) => {
  connections += 1;
  return apnsSender(config, { url: `https://localhost:${port}`, ca: tls.cert });
};
const push = () => pushChangedPasses(services, connect);

async function register(serial: string, device: string, pushToken: string) {
  const token = passAuthToken({ authSecret: keys.appleEnv.APPLE_WALLET_AUTH_SECRET, passTypeId: TEST_PASS_TYPE_ID }, serial);
  const res = await t.request(`/api/wallet/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${serial}`, {
    method: 'POST',
    headers: { Authorization: `ApplePass ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ pushToken }),
  });
  expect(res.status).toBe(201);
}

describe('wallet pushes', () => {
  it('tell each registered device once per change, with the pass certificate, and drop gone devices', async () => {
    const b = await createBooking(t);
    await t.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(bookings.id, b.id));
    await register(b.confirmationNumber, 'device-p', 'token-1');
    await register(b.confirmationNumber, 'device-q', 'gone-token');

    // Nothing changed since they registered: nothing due, no connection made.
    expect(await push()).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(connections).toBe(0);

    const changed = await call(
      t.request,
      `/api/bookings/${b.confirmationNumber}/vehicle`,
      { token: b.viewToken, vehicleMake: 'Kia', vehicleModel: 'Niro', licensePlate: 'PUSH1' },
      { method: 'PATCH' },
    );
    expect(changed.status).toBe(200);
    expect(await push()).toEqual({ sent: 1, gone: 1, failed: 0 });
    expect(received.map((r) => r.path).sort()).toEqual(['/3/device/gone-token', '/3/device/token-1']);
    for (const r of received) expect(r).toMatchObject({ topic: TEST_PASS_TYPE_ID, client: `Pass Type ID: ${TEST_PASS_TYPE_ID}`, body: '{}' });
    const left = await t.db.select().from(walletRegistrations).where(eq(walletRegistrations.bookingId, b.id));
    expect(left.map((r) => r.deviceId)).toEqual(['device-p']);

    // Told once: nothing due until the next change, which is the cancellation.
    expect(await push()).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect((await call(t.request, `/api/bookings/${b.confirmationNumber}/cancel`, { token: b.viewToken, reason: 'plans changed' })).status).toBe(200);
    expect(await push()).toEqual({ sent: 1, gone: 0, failed: 0 });
    expect(received).toHaveLength(3);
  });

  it('a push APNs refuses stays due for the next run', async () => {
    const b = await createBooking(t);
    await register(b.confirmationNumber, 'device-r', 'token-2');
    await t.db
      .update(walletRegistrations)
      .set({ notifiedAt: new Date(Date.now() - 60_000) })
      .where(eq(walletRegistrations.deviceId, 'device-r'));
    expect(
      (
        await call(
          t.request,
          `/api/bookings/${b.confirmationNumber}/vehicle`,
          { token: b.viewToken, vehicleMake: 'Kia', vehicleModel: 'Niro', licensePlate: 'PUSH2' },
          { method: 'PATCH' },
        )
      ).status,
    ).toBe(200);
    const unreachable: typeof connect = (config) => apnsSender(config, { url: 'https://localhost:1', ca: tls.cert });
    let first;
    const log = await logged(async () => (first = await pushChangedPasses(services, unreachable)));
    expect(first).toEqual({ sent: 0, gone: 0, failed: 1 });
    expect(log).toMatch(/Wallet push to registration \d+ failed/);
    expect(await push()).toEqual({ sent: 1, gone: 0, failed: 0 });
  });

  it('does nothing without Apple Wallet keys', async () => {
    const bare = await createTestApp();
    try {
      let asked = 0;
      const result = await pushChangedPasses({ db: bare.db, env: bare.env, clock: systemClock }, (config) => {
        asked += 1;
        return apnsSender(config);
      });
      expect(result).toEqual({ sent: 0, gone: 0, failed: 0 });
      expect(asked).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
