// Wallet passes through HTTP, signed with throwaway test keys: GET /api/bookings/{n}/wallet/apple is a .pkpass
// whose manifest holds each file's SHA-1, whose PKCS#7 signature over the manifest verifies (chain up to the
// test WWDR), and whose pass.json carries the QR the gate scans, the lot's place, the arrival time and the
// plate; GET /wallet/google is a save link whose RS256 JWT verifies with the service account's public key.
// Only the owner's session or the manage link opens them (anyone else: 404), a cancelled booking has none,
// and without keys neither exists (404; the page's buttons are off in the public config).
import { createPublicKey, verify } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { instantAt } from '@/server/modules/bookings/booking-view';
import { passAuthToken } from '@/server/modules/wallet/config';
import { createBooking, createLot, createUser } from '../support/factories';
import { call, TEST_ORIGIN } from '../support/http';
import { createTestApp } from '../support/test-app';
import { openPkpass, sha1, TEST_ISSUER_ID, TEST_PASS_TYPE_ID, TEST_SERVICE_ACCOUNT, TEST_TEAM_ID, verifyPassSignature, walletTestKeys } from '../support/wallet-keys';

const keys = walletTestKeys();
const t = await createTestApp({ ...keys.appleEnv, ...keys.googleEnv });
const bare = await createTestApp();
afterAll(async () => {
  await Promise.all([t.close(), bare.close()]);
  fs.rmSync(keys.dir, { recursive: true, force: true });
});

const walletPath = (conf: string, kind: 'apple' | 'google', token?: string | null) => `/api/bookings/${conf}/wallet/${kind}${token ? `?token=${token}` : ''}`;

/** The raw answer (a .pkpass is binary). */
async function download(conf: string, opts: { token?: string | null; cookie?: string } = {}) {
  const res = await t.request(walletPath(conf, 'apple', opts.token), { headers: opts.cookie ? { Cookie: opts.cookie } : {} });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

function decodeJwt(jwt: string) {
  const [head, claims, signature] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(head!, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(claims!, 'base64url').toString()),
    signingInput: `${head}.${claims}`,
    signature: Buffer.from(signature!, 'base64url'),
  };
}

describe('Apple Wallet pass', () => {
  it('is a signed .pkpass: manifest hashes, signature, and the QR, lot, place, dates and plate', async () => {
    const lot = await createLot(t, { name: 'Wallet Test Lot', phoneNumber: '407-555-0123' });
    const b = await createBooking(t, { lot, startIn: 12, days: 3, reservation: { licensePlate: 'wal 123' } });
    const res = await download(b.confirmationNumber, { token: b.viewToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${b.confirmationNumber}.pkpass"`);

    const opened = openPkpass(res.body);
    expect(Object.keys(opened.files).sort()).toEqual(expect.arrayContaining(['icon.png', 'icon@2x.png', 'logo.png', 'manifest.json', 'pass.json', 'signature']));
    // Every file but the manifest and the signature is in the manifest, with its SHA-1.
    const listed = Object.keys(opened.files).filter((f) => f !== 'manifest.json' && f !== 'signature');
    expect(Object.keys(opened.manifest).sort()).toEqual(listed.sort());
    for (const f of listed) expect(opened.manifest[f], f).toBe(sha1(opened.files[f]!));
    expect(() => verifyPassSignature(opened, keys.wwdrPath)).not.toThrow();
    // The check is real: a manifest changed after signing fails it.
    fs.appendFileSync(`${opened.dir}/manifest.json`, ' ');
    expect(() => verifyPassSignature(opened, keys.wwdrPath)).toThrow();
    fs.writeFileSync(`${opened.dir}/manifest.json`, opened.files['manifest.json']!);

    const booked = b.json.booking as { arrivalDate: string; departureDate: string };
    const p = opened.pass;
    expect(p).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: TEST_TEAM_ID,
      serialNumber: b.confirmationNumber,
      organizationName: 'ParkPilot',
      webServiceURL: `${TEST_ORIGIN}/api/wallet`,
      authenticationToken: passAuthToken({ authSecret: keys.appleEnv.APPLE_WALLET_AUTH_SECRET, passTypeId: TEST_PASS_TYPE_ID }, b.confirmationNumber),
    });
    expect(p.voided).toBeUndefined();
    expect(p.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', message: b.confirmationNumber });
    expect(p.locations).toEqual([expect.objectContaining({ latitude: lot.latitude, longitude: lot.longitude })]);
    expect(new Date(p.relevantDate).getTime()).toBe(instantAt(booked.arrivalDate, lot.state).getTime());
    const fields = Object.fromEntries(
      ['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields', 'backFields'].flatMap((k) => (p.generic[k] ?? []).map((f: any) => [f.key, f.value])),
    );
    expect(fields).toMatchObject({ plate: 'WAL 123', lot: 'Wallet Test Lot', address: lot.address, phone: '407-555-0123', confirmation: b.confirmationNumber });
    expect(fields.arrival).toMatch(/ at 9:00 AM$/);
    expect(fields.departure).toMatch(/ at 9:00 AM$/);
  });

  it("opens for the owner's session and the manage link; anyone else gets 404", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const b = await createBooking(t, { user: owner });
    expect((await download(b.confirmationNumber, { cookie: owner.cookie })).status).toBe(200);
    expect((await download(b.confirmationNumber, { cookie: stranger.cookie })).status).toBe(404);
    expect((await download(b.confirmationNumber)).status).toBe(404);
    const guest = await createBooking(t);
    expect((await download(guest.confirmationNumber, { token: 'x'.repeat(43) })).status).toBe(404);
    expect((await download(guest.confirmationNumber, { token: guest.viewToken, cookie: stranger.cookie })).status).toBe(200);
    expect((await download('PP-NOSUCH23', { token: guest.viewToken })).status).toBe(404);
  });

  it('a cancelled booking has no pass, said plainly', async () => {
    const b = await createBooking(t);
    expect((await call(t.request, `/api/bookings/${b.confirmationNumber}/cancel`, { token: b.viewToken, reason: 'plans changed' })).status).toBe(200);
    const res = await call(t.request, walletPath(b.confirmationNumber, 'apple', b.viewToken));
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: 'This booking was cancelled, so it has no wallet pass.' });
    expect((await call(t.request, walletPath(b.confirmationNumber, 'google', b.viewToken))).status).toBe(409);
  });
});

describe('Google Wallet save link', () => {
  it('carries an RS256 JWT of the service account for a parking pass object', async () => {
    const lot = await createLot(t);
    const b = await createBooking(t, { lot, reservation: { licensePlate: 'GGL 42' } });
    const res = await call(t.request, walletPath(b.confirmationNumber, 'google', b.viewToken));
    expect(res.status).toBe(200);
    const url = res.json.saveUrl as string;
    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = decodeJwt(url.slice('https://pay.google.com/gp/v/save/'.length));
    expect(jwt.header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(verify('sha256', Buffer.from(jwt.signingInput), keys.googlePublicKey, jwt.signature)).toBe(true);
    expect(verify('sha256', Buffer.from(`${jwt.signingInput}x`), keys.googlePublicKey, jwt.signature)).toBe(false);
    expect(jwt.claims).toMatchObject({ iss: TEST_SERVICE_ACCOUNT, aud: 'google', typ: 'savetowallet', origins: [TEST_ORIGIN] });

    const booked = b.json.booking as { arrivalDate: string; departureDate: string };
    const object = jwt.claims.payload.genericObjects[0];
    expect(object).toMatchObject({
      id: `${TEST_ISSUER_ID}.booking-${b.confirmationNumber}`,
      classId: `${TEST_ISSUER_ID}.parking_pass`,
      header: { defaultValue: { value: lot.name } },
      barcode: { type: 'QR_CODE', value: b.confirmationNumber },
      locations: [{ latitude: lot.latitude, longitude: lot.longitude }],
      validTimeInterval: {
        start: { date: instantAt(booked.arrivalDate, lot.state).toISOString() },
        end: { date: instantAt(booked.departureDate, lot.state).toISOString() },
      },
    });
    const modules = Object.fromEntries(object.textModulesData.map((m: { id: string; body: string }) => [m.id, m.body]));
    expect(modules).toMatchObject({ plate: 'GGL 42', address: lot.address });
    expect(jwt.claims.payload.genericClasses).toEqual([{ id: `${TEST_ISSUER_ID}.parking_pass` }]);
  });

  it('is 404 for anyone but the owner or the manage link', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const b = await createBooking(t, { user: owner });
    expect((await call(t.request, walletPath(b.confirmationNumber, 'google'), undefined, { cookie: owner.cookie })).status).toBe(200);
    expect((await call(t.request, walletPath(b.confirmationNumber, 'google'), undefined, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(t.request, walletPath(b.confirmationNumber, 'google'))).status).toBe(404);
  });
});

describe('without wallet keys', () => {
  it('neither wallet exists, and the pass shows no wallet buttons', async () => {
    const b = await createBooking(bare);
    expect((await call(bare.request, walletPath(b.confirmationNumber, 'apple', b.viewToken))).status).toBe(404);
    expect((await call(bare.request, walletPath(b.confirmationNumber, 'google', b.viewToken))).status).toBe(404);
    expect((await call(bare.request, `/api/wallet/v1/passes/${TEST_PASS_TYPE_ID}/${b.confirmationNumber}`)).status).toBe(404);
    expect((await call(bare.request, '/api/config')).json).toMatchObject({ appleWallet: false, googleWallet: false });
    expect((await call(t.request, '/api/config')).json).toMatchObject({ appleWallet: true, googleWallet: true });
  });

  it('a wallet half configured refuses to boot, naming what is missing', async () => {
    const { loadEnv } = await import('@/server/env');
    expect(() => loadEnv({ ...keys.googleEnv, GOOGLE_WALLET_PRIVATE_KEY: '' })).toThrow(/GOOGLE_WALLET_PRIVATE_KEY: set all of/);
    expect(() => loadEnv({ ...keys.appleEnv, APPLE_WALLET_CERT: '/no/such/file.pem' })).toThrow(/APPLE_WALLET_CERT: must be a PEM/);
    expect(createPublicKey(loadEnv(keys.googleEnv).GOOGLE_WALLET_PRIVATE_KEY!).asymmetricKeyType).toBe('rsa');
  });
});
