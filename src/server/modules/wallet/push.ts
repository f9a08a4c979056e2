// Telling devices a pass changed: Apple's push service (APNs) gets an empty notification for each device
// registered for a pass whose booking changed since its last one (a change of dates or vehicle applied, or a
// cancellation); Wallet then asks the web service (web-service.ts) for the changed serials and the new pass.
// A periodic task (jobs/periodic.ts, every minute) that does nothing unless Apple Wallet is configured; it
// reaches Apple's network only then, over HTTP/2 with the pass certificate as the TLS client certificate.
import http2 from 'node:http2';
import { and, eq, exists, gt, gte, inArray, or, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookingChanges, bookings, walletRegistrations } from '../../db/schema';
import type { Services } from '../../deps';
import { appleWalletConfig, type AppleWalletConfig } from './config';

export const APNS_URL = 'https://api.push.apple.com';
/** Registrations looked at per run; the rest wait a minute. */
const BATCH = 500;
/** A run stops sending after this long (the job runner allows 45 s); the rest are due at the next run. */
const RUN_BUDGET_MS = 30_000;
/** Passes of stays that ended more than this long ago are not pushed (nobody needs them at a gate). */
const ENDED_GRACE_MS = 2 * 24 * 3_600_000;

/** 'sent', or 'gone' when the device no longer takes this pass's pushes (its registration is removed). */
export type ApnsSend = (pushToken: string) => Promise<'sent' | 'gone'>;
export interface ApnsSender {
  send: ApnsSend;
  close: () => void;
}

/** One HTTP/2 connection to APNs for a run. `url` and `ca` are for a local stand-in in tests. */
export function apnsSender(config: AppleWalletConfig, opts: { url?: string; ca?: string } = {}): ApnsSender {
  const { signerCert, signerKey, signerKeyPassphrase } = config.certificates;
  const session = http2.connect(opts.url ?? APNS_URL, { cert: signerCert, key: signerKey, passphrase: signerKeyPassphrase, ca: opts.ca });
  session.on('error', () => undefined); // each request reports its own failure
  const send: ApnsSend = (pushToken) =>
    new Promise((resolve, reject) => {
      const req = session.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(pushToken)}`,
        'apns-topic': config.passTypeId,
        'content-type': 'application/json',
      });
      let status = 0;
      let body = '';
      req.setEncoding('utf8');
      req.setTimeout(10_000, () => req.close(http2.constants.NGHTTP2_CANCEL));
      req.on('response', (headers) => (status = Number(headers[':status'])));
      req.on('data', (chunk: string) => (body += chunk));
      req.on('error', reject);
      req.on('close', () => {
        if (status === 200) return resolve('sent');
        // Unregistered (410) or a token APNs does not know for this topic: the device will not hear of this pass.
        if (status === 410 || (status === 400 && /BadDeviceToken|DeviceTokenNotForTopic/.test(body))) return resolve('gone');
        reject(new Error(`APNs answered ${status || 'nothing'}${body ? `: ${body.slice(0, 200)}` : ''}`));
      });
      req.end('{}');
    });
  return { send, close: () => session.close() };
}

/** Registrations whose booking changed after their last push, for stays not long over. */
async function due(db: DB, passTypeId: string, now: Date) {
  const endedBefore = new Date(now.getTime() - ENDED_GRACE_MS).toISOString().slice(0, 10);
  const changedSince = db
    .select({ one: sql`1` })
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, walletRegistrations.bookingId), eq(bookingChanges.status, 'applied'), gt(bookingChanges.createdAt, walletRegistrations.notifiedAt)));
  return db
    .select({ id: walletRegistrations.id, pushToken: walletRegistrations.pushToken })
    .from(walletRegistrations)
    .innerJoin(bookings, eq(bookings.id, walletRegistrations.bookingId))
    .where(
      and(
        eq(walletRegistrations.passTypeId, passTypeId),
        inArray(bookings.status, ['confirmed', 'completed', 'cancelled']),
        gte(bookings.departureDate, endedBefore),
        or(gt(bookings.cancelledAt, walletRegistrations.notifiedAt), exists(changedSince)),
      ),
    )
    .limit(BATCH);
}

/** Pushes every due registration once; a failed push stays due for the next run. Returns what was done. */
export async function pushChangedPasses(services: Pick<Services, 'db' | 'env' | 'clock'>, connect: (config: AppleWalletConfig) => ApnsSender = apnsSender) {
  const config = appleWalletConfig(services.env);
  if (!config) return { sent: 0, gone: 0, failed: 0 };
  const { db } = services;
  const now = services.clock.now();
  const rows = await due(db, config.passTypeId, now);
  const done = { sent: 0, gone: 0, failed: 0 };
  if (rows.length === 0) return done;
  const sender = connect(config);
  try {
    const started = Date.now();
    for (const r of rows) {
      if (Date.now() - started > RUN_BUDGET_MS) break;
      const outcome = await sender.send(r.pushToken).catch((err: unknown) => {
        console.warn(`Wallet push to registration ${r.id} failed:`, (err as Error).message);
        return 'failed' as const;
      });
      done[outcome] += 1;
      if (outcome === 'sent') await db.update(walletRegistrations).set({ notifiedAt: now }).where(eq(walletRegistrations.id, r.id));
      if (outcome === 'gone') await db.delete(walletRegistrations).where(eq(walletRegistrations.id, r.id));
    }
  } finally {
    sender.close();
  }
  return done;
}
