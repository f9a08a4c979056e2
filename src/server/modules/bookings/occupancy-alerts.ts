// Occupancy alerts: when a booking makes one of a lot's days pass 90 % of the spaces it sells online (capacity
// less its online buffer), the administrators and the partner's owners and managers are e-mailed, once per lot
// and day (a unique row, written in the booking's transaction; the e-mail is a job that runs after it).
import { and, eq, inArray } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { occupancyAlerts, parkingProviders, partnerMembers, users } from '../../db/schema';
import type { Services } from '../../deps';
import { escapeHtml } from '../../integrations/mailer/templates';
import { enqueueJob } from '../../jobs/queue';

const DAY = 86_400_000;
/** The share of a day's online spaces that, once passed, alerts the lot's people. */
export const OCCUPANCY_ALERT_SHARE = 0.9;

/** Spaces taken from which a day is alerted: 90 % of what is sold online, rounded up (never 0). */
export const alertThreshold = (sellable: number) => Math.max(1, Math.ceil(sellable * OCCUPANCY_ALERT_SHARE));

/** In the booking's transaction, for the days it just took: an alert row (and its e-mail job) for each day past the threshold. */
export async function recordOccupancyAlerts(
  tx: Pick<DB, 'insert'>,
  providerId: number,
  buffer: number,
  days: readonly { day: number; taken: number; capacity: number }[],
): Promise<void> {
  for (const d of days) {
    const sellable = d.capacity - buffer;
    if (sellable <= 0 || d.taken < alertThreshold(sellable)) continue;
    const [alert] = await tx
      .insert(occupancyAlerts)
      .values({ providerId, day: new Date(d.day * DAY).toISOString().slice(0, 10), kind: 'threshold', taken: d.taken, capacity: sellable })
      .onConflictDoNothing()
      .returning({ id: occupancyAlerts.id });
    if (alert) await enqueueJob(tx, 'mail.occupancy-alert', { alertId: alert.id }, { dedupeKey: `occupancy-alert:${alert.id}` });
  }
}

/** Job 'mail.occupancy-alert': one e-mail to each administrator and each owner or manager of the lot's partner who covers the lot. */
export async function sendOccupancyAlert(services: Pick<Services, 'db' | 'env' | 'mailer'>, payload: { alertId: number }) {
  const { db, env } = services;
  const [row] = await db
    .select({ alert: occupancyAlerts, lot: parkingProviders })
    .from(occupancyAlerts)
    .innerJoin(parkingProviders, eq(parkingProviders.id, occupancyAlerts.providerId))
    .where(eq(occupancyAlerts.id, payload.alertId));
  if (!row) return;
  const { alert, lot } = row;
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  const members = lot.partnerId
    ? await db
        .select({ email: users.email, allLots: partnerMembers.allLots, lotIds: partnerMembers.lotIds })
        .from(partnerMembers)
        .innerJoin(users, eq(users.id, partnerMembers.userId))
        .where(and(eq(partnerMembers.partnerId, lot.partnerId), inArray(partnerMembers.role, ['owner', 'manager'])))
    : [];
  const to = new Set([...admins.map((a) => a.email), ...members.filter((m) => m.allLots || m.lotIds.includes(lot.id)).map((m) => m.email)].map((e) => e.toLowerCase()));
  const subject = `${lot.name} is ${Math.round((alert.taken / alert.capacity) * 100)}% booked on ${alert.day}`;
  const lines = [
    `${alert.taken} of the ${alert.capacity} spaces ${lot.name} sells online are booked for ${alert.day}${lot.onlineBuffer ? ` (another ${lot.onlineBuffer} are kept off sale as its buffer)` : ''}.`,
    'Check that the lot can take every booked car that day; raise the buffer to stop online sales sooner, or close the day if it cannot take more.',
  ];
  const portal = `${env.APP_URL ?? ''}/partner`;
  const text = `${lines.join('\n\n')}\n\n${portal}\n`;
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#111827">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(portal)}">Open the partner portal</a></p><p style="color:#6b7280;font-size:12px">${escapeHtml(env.BRAND_NAME)} occupancy alert</p></body></html>`;
  for (const email of to) await services.mailer.send({ to: email, kind: 'occupancy-alert', subject, html, text });
}
