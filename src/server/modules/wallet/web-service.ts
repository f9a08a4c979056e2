// The PassKit web service (Apple's "Wallet web service" protocol) under APP_URL/api/wallet, the pass's
// webServiceURL: a device that installed a pass registers for its updates, asks which of its passes changed
// since its last look, and downloads the latest one (Last-Modified / If-Modified-Since). A pass's calls carry
// `Authorization: ApplePass <its authenticationToken>`, checked against the HMAC it was made with.
// When a booking changes, push.ts tells the registered devices (APNs), and they come here for the new pass.
import type { Context as HonoContext, Hono } from 'hono';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { DB } from '../../db/client';
import { bookings, locations, parkingProviders, walletRegistrations } from '../../db/schema';
import type { Clock } from '../../deps';
import type { TEnv } from '../../env';
import { applePass, PKPASS_CONTENT_TYPE } from './apple-pass';
import { appleWalletConfig, passAuthorized, WALLET_WEB_SERVICE_PATH } from './config';
import { passContent, passContentBySerial } from './pass-content';

const ZDeviceId = z.string().regex(/^[\w-]{1,128}$/);
const ZSerial = z.string().regex(/^[A-Z0-9-]{4,32}$/);
const ZRegisterBody = z.object({ pushToken: z.string().trim().min(1).max(200) });
/** A device's passes looked at in one call (a phone holds a handful of a site's passes). */
const MAX_PASSES_PER_DEVICE = 200;

const empty = (c: HonoContext, status: 200 | 201 | 204 | 401 | 404) => c.body(null, status);

/** Milliseconds since the epoch of an HTTP date (whole seconds), or null. */
function httpDateMs(value: string | undefined): number | null {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : ms;
}

export function mountWalletWebService(app: Hono, deps: { db: DB; env: TEnv; clock: Clock }) {
  const configured = appleWalletConfig(deps.env);
  if (!configured) return; // no Apple Wallet configured: these paths are the API's plain 404
  const config = configured;
  const { db, clock } = deps;
  const base = `${WALLET_WEB_SERVICE_PATH}/v1`;

  /** The booking a pass call names, when the pass type is ours, the serial a booking's and the token the pass's. */
  async function authorisedBooking(c: HonoContext): Promise<{ id: number } | Response> {
    const serial = ZSerial.safeParse(c.req.param('serial'));
    if (c.req.param('passTypeId') !== config.passTypeId || !serial.success) return empty(c, 404);
    if (!passAuthorized(config, serial.data, c.req.header('authorization'))) return empty(c, 401);
    const [b] = await db.select({ id: bookings.id, status: bookings.status }).from(bookings).where(eq(bookings.confirmationNumber, serial.data));
    if (!b || b.status === 'pending' || b.status === 'failed') return empty(c, 404);
    return b;
  }

  // Register a device for a pass's updates: 201 the first time, 200 when it already was (its push token renewed).
  app.post(`${base}/devices/:deviceId/registrations/:passTypeId/:serial`, async (c) => {
    const device = ZDeviceId.safeParse(c.req.param('deviceId'));
    if (!device.success) return empty(c, 404);
    const found = await authorisedBooking(c);
    if (found instanceof Response) return found;
    const body = ZRegisterBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: 'pushToken is required' }, 400);
    const where = and(eq(walletRegistrations.deviceId, device.data), eq(walletRegistrations.passTypeId, config.passTypeId), eq(walletRegistrations.bookingId, found.id));
    const [known] = await db.select({ id: walletRegistrations.id }).from(walletRegistrations).where(where);
    await db
      .insert(walletRegistrations)
      .values({ deviceId: device.data, passTypeId: config.passTypeId, bookingId: found.id, pushToken: body.data.pushToken, notifiedAt: clock.now() })
      .onConflictDoUpdate({ target: [walletRegistrations.deviceId, walletRegistrations.passTypeId, walletRegistrations.bookingId], set: { pushToken: body.data.pushToken } });
    return empty(c, known ? 200 : 201);
  });

  // The device removed the pass (or turned its updates off).
  app.delete(`${base}/devices/:deviceId/registrations/:passTypeId/:serial`, async (c) => {
    const device = ZDeviceId.safeParse(c.req.param('deviceId'));
    if (!device.success) return empty(c, 404);
    const found = await authorisedBooking(c);
    if (found instanceof Response) return found;
    await db
      .delete(walletRegistrations)
      .where(and(eq(walletRegistrations.deviceId, device.data), eq(walletRegistrations.passTypeId, config.passTypeId), eq(walletRegistrations.bookingId, found.id)));
    return empty(c, 200);
  });

  // Which of the device's passes changed since its tag (our tag: milliseconds of the newest change it saw).
  app.get(`${base}/devices/:deviceId/registrations/:passTypeId`, async (c) => {
    const device = ZDeviceId.safeParse(c.req.param('deviceId'));
    if (!device.success || c.req.param('passTypeId') !== config.passTypeId) return empty(c, 404);
    const sinceTag = c.req.query('passesUpdatedSince');
    const since = sinceTag && /^\d{1,15}$/.test(sinceTag) ? Number(sinceTag) : null;
    const rows = await db
      .select({ booking: bookings, provider: parkingProviders, state: locations.state })
      .from(walletRegistrations)
      .innerJoin(bookings, eq(bookings.id, walletRegistrations.bookingId))
      .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
      .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
      .where(
        and(
          eq(walletRegistrations.deviceId, device.data),
          eq(walletRegistrations.passTypeId, config.passTypeId),
          inArray(bookings.status, ['confirmed', 'completed', 'cancelled']),
        ),
      )
      .limit(MAX_PASSES_PER_DEVICE);
    const passes = await Promise.all(rows.map((r) => passContent(db, r)));
    const changed = passes.filter((p) => since === null || p.lastModified.getTime() > since);
    if (changed.length === 0) return empty(c, 204);
    const lastUpdated = Math.max(...passes.map((p) => p.lastModified.getTime()));
    return c.json({ serialNumbers: changed.map((p) => p.serial), lastUpdated: String(lastUpdated) });
  });

  // The latest version of a pass (304 when the device's copy is as new).
  app.get(`${base}/passes/:passTypeId/:serial`, async (c) => {
    const found = await authorisedBooking(c);
    if (found instanceof Response) return found;
    const pass = await passContentBySerial(db, c.req.param('serial'));
    if (!pass) return empty(c, 404);
    const headers = { 'Last-Modified': pass.lastModified.toUTCString(), 'Cache-Control': 'no-store' };
    const known = httpDateMs(c.req.header('if-modified-since'));
    // HTTP dates have whole seconds: the device's copy is as new when it is from the same second or later.
    if (known !== null && Math.floor(pass.lastModified.getTime() / 1000) * 1000 <= known) return c.body(null, 304, headers);
    return c.body(new Uint8Array(applePass(config, pass)), 200, { ...headers, 'Content-Type': PKPASS_CONTENT_TYPE });
  });

  // Wallet's own error reports about our passes: accepted, not kept.
  app.post(`${base}/log`, (c) => empty(c, 200));
}
