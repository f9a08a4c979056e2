// The pass that opens offline, through HTTP: the service worker script (its type, scope and a Cache-Control that
// lets updates through), the web app manifest and its icons, the pass data a device may keep (only for the
// booking's link or its owner, never cached by anyone else, gone once cancelled or the links ended), and
// /pass/{n} for a device without a copy.
import { afterAll, describe, expect, it } from 'vitest';
import { isCacheablePage } from '@/server/page-cache';
import { createBooking, createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const pass = (n: string, token?: string, cookie?: string) => call(t.request, `/api/bookings/${n}/offline-pass${token ? `?token=${token}` : ''}`, undefined, { cookie });

describe('the service worker and the manifest', () => {
  it('serves /sw.js as a script for the whole site, revalidated on every update check', async () => {
    const res = await t.request('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('service-worker-allowed')).toBe('/');
    const script = await res.text();
    expect(script).toContain("addEventListener('fetch'");
    expect(script).toContain('const BRAND = "ParkPilot"');
    expect(script).not.toContain('__BRAND__');
    // The page's policy lets our own origin register it.
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });

  it('serves the manifest with the brand, colours and both icons, which are PNGs of their sizes', async () => {
    const res = await call(t.request, '/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.json).toMatchObject({ short_name: 'ParkPilot', start_url: '/', scope: '/', display: 'standalone', theme_color: '#1d4ed8', background_color: '#ffffff' });
    expect(res.json.name).toContain('ParkPilot');
    expect(res.json.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of res.json.icons as { src: string; sizes: string }[]) {
      const img = await t.request(icon.src);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await img.arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    expect((await t.request('/icons/icon-64.png')).status).toBe(404);
  });
});

describe('the pass a device keeps', () => {
  it('hands the pass to its link only, never to a shared cache, and not once the links are ended', async () => {
    const b = await createBooking(t, { reservation: { licensePlate: 'ofl 123' } });
    const ok = await pass(b.confirmationNumber, b.viewToken!);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.json).toMatchObject({ confirmationNumber: b.confirmationNumber, status: 'confirmed', licensePlate: 'OFL 123' });
    expect(ok.json.qr).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(ok.json.qr.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(ok.json.checkIn).toMatch(/ at /);
    expect(ok.json.address).toBeTruthy();
    expect(ok.json.arrival.length).toBeGreaterThanOrEqual(3);
    // Nothing else: no e-mail, phone or payment details on the device's copy.
    expect(Object.keys(ok.json)).not.toEqual(expect.arrayContaining(['email']));
    expect(JSON.stringify(ok.json)).not.toContain(b.email);

    // No link, a tampered one, or another booking's: the same 404.
    expect((await pass(b.confirmationNumber)).status).toBe(404);
    expect((await pass(b.confirmationNumber, `${b.viewToken!.slice(0, -1)}${b.viewToken!.endsWith('a') ? 'b' : 'a'}`)).status).toBe(404);
    const other = await createBooking(t);
    expect((await pass(other.confirmationNumber, b.viewToken!)).status).toBe(404);

    // Ending the booking's links (a forwarded e-mail, a shared device): the device's next check finds nothing.
    expect((await call(t.request, `/api/bookings/${b.confirmationNumber}/end-links`, { token: b.viewToken })).status).toBe(200);
    expect((await pass(b.confirmationNumber, b.viewToken!)).status).toBe(404);
  });

  it("is its owner's while signed in, and gone once the booking is cancelled", async () => {
    const owner = await createUser(t);
    const b = await createBooking(t, { user: owner });
    expect((await pass(b.confirmationNumber, undefined, owner.cookie)).status).toBe(200);
    const stranger = await createUser(t);
    expect((await pass(b.confirmationNumber, undefined, stranger.cookie)).status).toBe(404);
    expect((await call(t.request, `/api/bookings/${b.confirmationNumber}/cancel`, { reason: 'plans changed' }, { cookie: owner.cookie })).status).toBe(200);
    const gone = await pass(b.confirmationNumber, undefined, owner.cookie);
    expect(gone.status).toBe(404);
    expect(gone.json.error ?? gone.json.message ?? gone.text).toMatch(/cancelled/);
  });

  it('sends a device without a saved copy from /pass/{n} to the manage page, keeping its link', async () => {
    const res = await t.request('/pass/pp-abc123?token=tok_en-1');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/manage/PP-ABC123?token=tok_en-1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await t.request('/pass/%3Cscript%3E')).headers.get('location')).toBe('/manage');
  });

  it('keeps every page that shows a pass out of the shared page cache', () => {
    for (const path of ['/pass/PP-ABC123', '/manage/PP-ABC123?token=x', '/thank-you?confirmation=PP-ABC123&token=x']) {
      expect(isCacheablePage('GET', new URL(path, 'http://localhost'), undefined), path).toBe(false);
    }
  });
});
