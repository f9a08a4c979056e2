// Job 'mail.overstay-due': a late check-out no card paid, with a signed link to the manage page's "Pay now".
import { eq } from 'drizzle-orm';
import { bookingChanges, bookings, parkingProviders } from '../../db/schema';
import type { Services } from '../../deps';
import { overstayDueEmail } from '../../integrations/mailer/templates';
import { formatCents } from '@/shared/money';
import { REQUESTED_LINK_TTL_MS, mintBookingLink } from './booking-view';
import { manageUrl } from './booking-mail';

export async function sendOverstayDue(services: Pick<Services, 'db' | 'env' | 'mailer' | 'clock'>, payload: { bookingId: number; changeId: number }) {
  const [row] = await services.db
    .select({ change: bookingChanges, booking: bookings, lotName: parkingProviders.name })
    .from(bookingChanges)
    .innerJoin(bookings, eq(bookings.id, bookingChanges.bookingId))
    .innerJoin(parkingProviders, eq(parkingProviders.id, bookings.providerId))
    .where(eq(bookingChanges.id, payload.changeId));
  // Paid meanwhile (the card's retry, the pay link): nothing to ask for.
  if (!row || row.change.status !== 'due' || row.booking.id !== payload.bookingId) return;
  const { change: c, booking: b } = row;
  const token = await mintBookingLink(services.db, b.id, new Date(services.clock.now().getTime() + REQUESTED_LINK_TTL_MS), 'manage');
  const mail = overstayDueEmail(services.env.BRAND_NAME, {
    name: b.firstName,
    confirmationNumber: b.confirmationNumber,
    providerName: row.lotName,
    line: (c.priceLines ?? []).map((l) => l.label).join(', ') || 'extra days',
    amount: formatCents(c.chargedCents),
    url: manageUrl(services.env.APP_URL, b.confirmationNumber, token),
  });
  await services.mailer.send({ to: b.email, kind: 'overstay-due', ...mail });
}
