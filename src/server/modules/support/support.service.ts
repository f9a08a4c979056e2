// Support: a chat that finds the traveller's own bookings (by confirmation number or the most recent one),
// explains their cancellation and refund terms, and actions on a booking: cancel or refund (the bookings
// service), an itemised receipt by e-mail, and a message to the lot. Only the owner ever sees or acts.
import type { z } from 'zod';
import { supportRequests } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { escapeHtml } from '../../integrations/mailer/templates';
import { cardLabel, formatLongDate, formatStay } from '@/shared/format';
import { detectIntents } from '@/shared/nlu/intents';
import { formatPrice, SERVICE_FEE_TEXT } from '@/shared/pricing';
import type { ZSupportActionInput } from '@/shared/schemas/chat';
import { queueMail } from '../auth/auth.service';
import { bookingHistory, cancelBooking } from '../bookings/bookings.service';
import { vehicleText } from '@/shared/vehicle-text';

type Ctx = Context & { user: NonNullable<Context['user']> };
type Booking = Awaited<ReturnType<typeof bookingHistory>>[number];

export const SUPPORT_FAILURE = "I apologize, but I'm experiencing technical difficulties. Please try again or contact our support team directly.";
const CONFIRMATION = /\bPP-?([A-HJ-NP-Z2-9]{8})\b/i;
const ABOUT_BOOKING = /\b(book|booking|bookings|reservation|reserved|confirmation|cancel|refund|receipt|my (spot|parking|trip)|change|modify|lot|shuttle|arrive|check[- ]?in)\b/i;

/** What the support panel shows of a booking (its own shape, no card or payment ids). */
function bookingData(b: Booking) {
  return {
    id: b.id,
    confirmationNumber: b.confirmationNumber,
    status: b.status,
    providerName: b.providerName,
    providerLocation: b.providerLocation,
    address: b.address,
    arrivalDate: b.arrivalDate,
    departureDate: b.departureDate,
    vehicleMake: b.vehicleMake,
    vehicleModel: b.vehicleModel,
    licensePlate: b.licensePlate,
    totalFee: b.totalFee,
    refundedAmount: b.refundedAmount,
    cancellable: b.cancellable,
    refundIfCancelledNow: b.refundIfCancelledNow,
    cancellationPolicy: b.cancellationPolicy,
  };
}

function policyFor(b: Booking): string {
  if (b.status === 'cancelled')
    return b.refundedAmount > 0 ? `It was cancelled and ${formatPrice(b.refundedAmount)} was refunded to your card.` : 'It was cancelled without a refund.';
  if (!b.cancellable) return `${b.cancelRefusal ?? 'This booking can no longer be cancelled online.'} Call us if something went wrong.`;
  const r = b.refundIfCancelledNow;
  const refund =
    r.card > 0
      ? `If you cancel now you get ${formatPrice(r.card)} back to your card${r.credit > 0 ? ` and ${formatPrice(r.credit)} as credit` : ''}; the ${SERVICE_FEE_TEXT} service fee is not refundable.`
      : "Cancelling now would not be refunded under this lot's policy.";
  return `${refund} The lot's policy: ${b.cancellationPolicy ?? 'free cancellation up to 24 hours before arrival.'}`;
}

function describe(b: Booking): string {
  return `Booking ${b.confirmationNumber} is ${b.status}: ${b.providerName}, check-in ${formatStay(b.arrivalDate)}, check-out ${formatStay(b.departureDate)}, ${formatPrice(b.totalFee)} in total.`;
}

export async function supportChat(ctx: Ctx, input: { message: string }) {
  const mine = await bookingHistory(ctx.db, ctx.user.id, ctx.clock.now());
  const text = input.message;
  const code = CONFIRMATION.exec(text);
  if (code) {
    const wanted = `PP-${code[1]!.toUpperCase()}`;
    const found = mine.find((b) => b.confirmationNumber === wanted);
    // Someone else's booking (or none) gets the same answer: nothing about it is revealed.
    if (!found) {
      return {
        response: `I couldn't find booking ${wanted} on your account. Please check the number in your confirmation e-mail, or sign in with the e-mail address you booked with.`,
        bookingData: null,
        actionType: null,
      };
    }
    return {
      response: `${describe(found)} ${policyFor(found)} I can cancel it, e-mail your receipt, or pass a message to the lot.`,
      bookingData: bookingData(found),
      actionType: 'booking_lookup' as const,
    };
  }
  const intents = detectIntents(text);
  if (ABOUT_BOOKING.test(text) || intents.includes('cancellation')) {
    const upcoming = mine.find((b) => b.cancellable) ?? mine[0];
    if (!upcoming) {
      return {
        response:
          "I don't see any bookings on your account yet. If you booked as a guest with another e-mail, sign in with that address, or give me your confirmation number (it looks like PP-ABCD2345).",
        bookingData: null,
        actionType: null,
      };
    }
    const lead = mine.length > 1 ? 'Your next booking: ' : '';
    return {
      response: `${lead}${describe(upcoming)} ${policyFor(upcoming)} For another booking, send me its confirmation number.`,
      bookingData: bookingData(upcoming),
      actionType: 'booking_lookup' as const,
    };
  }
  if (intents.includes('greeting')) {
    return {
      response: `Hi ${ctx.user.name.split(/\s+/)[0]}! I can look up a booking by its confirmation number, explain cancellations and refunds, e-mail a receipt, or contact the lot for you.`,
      bookingData: null,
      actionType: null,
    };
  }
  return {
    response: `I can help with your bookings: send a confirmation number (like PP-ABCD2345), or ask about cancelling, refunds or receipts. For anything else, call ${ctx.env.SUPPORT_PHONE} or write to ${ctx.env.SUPPORT_EMAIL}, 24/7.`,
    bookingData: null,
    actionType: null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Actions

async function ownBooking(ctx: Ctx, bookingId: number): Promise<Booking> {
  const b = (await bookingHistory(ctx.db, ctx.user.id, ctx.clock.now())).find((x) => x.id === bookingId);
  if (!b) throw new AppError('NOT_FOUND', 'Booking not found');
  return b;
}

type ActionInput = z.output<typeof ZSupportActionInput>;

export async function refundAction(ctx: Ctx, input: ActionInput) {
  await ownBooking(ctx, input.bookingId);
  const result = await cancelBooking(ctx, { id: input.bookingId, reason: input.reason || 'Cancelled through support' });
  await ctx.db
    .insert(supportRequests)
    .values({ userId: ctx.user.id, bookingId: input.bookingId, type: input.type === 'cancel' ? 'cancel' : 'refund', message: input.reason, status: 'done' });
  const parts = [`Booking ${result.booking.confirmationNumber} is cancelled.`];
  parts.push(
    result.refundAmount > 0
      ? `We refunded ${formatPrice(result.refundAmount)} to your card; it usually appears within 5 to 10 business days.`
      : "Under the lot's policy this cancellation is not refundable.",
  );
  if (result.creditReturned > 0) parts.push(`${formatPrice(result.creditReturned)} went back to your credit balance.`);
  parts.push('A confirmation is on its way to your e-mail.');
  return { message: parts.join(' ') };
}

export async function receiptAction(ctx: Ctx, input: ActionInput) {
  const b = await ownBooking(ctx, input.bookingId);
  const rows: [string, string][] = [
    ['Confirmation number', b.confirmationNumber],
    ['Parking', `${b.providerName}, ${b.address}`],
    ['Check-in', formatStay(b.arrivalDate)],
    ['Check-out', formatStay(b.departureDate)],
    ...b.priceLines.map((l): [string, string] => [`Parking, ${l.label}`, formatPrice(l.amount)]),
    ['Service fee', formatPrice(b.serviceFee)],
    ...(b.creditApplied > 0 ? [['Credit applied', `−${formatPrice(b.creditApplied)}`] as [string, string]] : []),
    ['Total charged', formatPrice(b.totalFee)],
    ...(b.cardLast4 ? [['Paid with', cardLabel(b.cardBrand, b.cardLast4)] as [string, string]] : []),
    ...(b.refundedAmount > 0 ? [['Refunded', formatPrice(b.refundedAmount)] as [string, string]] : []),
    ['Booked on', formatLongDate(b.createdAt)],
  ];
  const brand = ctx.env.BRAND_NAME;
  const html = `<!doctype html><html lang="en"><body style="font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;padding:24px;color:#111827">
<p style="font-size:20px;font-weight:700;color:#1d4ed8">${escapeHtml(brand)}</p><h1 style="font-size:22px">Receipt for ${escapeHtml(b.confirmationNumber)}</h1>
<table role="presentation" style="border-collapse:collapse;width:100%;max-width:560px">${rows.map(([k, v]) => `<tr><td style="padding:6px 0;color:#4b5563">${escapeHtml(k)}</td><td style="padding:6px 0;font-weight:600;text-align:right">${escapeHtml(v)}</td></tr>`).join('')}</table>
<p style="font-size:12px;color:#6b7280">${escapeHtml(brand)} is a booking intermediary; parking is provided by ${escapeHtml(b.providerName)}. Questions: ${escapeHtml(ctx.env.SUPPORT_EMAIL)}.</p></body></html>`;
  const text = `${brand} receipt for ${b.confirmationNumber}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nQuestions: ${ctx.env.SUPPORT_EMAIL}\n`;
  await ctx.db.transaction(async (tx) => {
    await queueMail(tx, { to: b.email, subject: `Your receipt: ${b.confirmationNumber}`, html, text, kind: 'receipt' });
    await tx.insert(supportRequests).values({ userId: ctx.user.id, bookingId: b.id, type: 'receipt', message: input.reason, status: 'sent' });
  });
  ctx.jobs.kick();
  return { message: `We e-mailed an itemised receipt for ${b.confirmationNumber} to ${b.email}.` };
}

export async function contactPropertyAction(ctx: Ctx, input: ActionInput) {
  const b = await ownBooking(ctx, input.bookingId);
  if (!input.reason) throw new AppError('BAD_REQUEST', 'Please write the message for the lot.');
  // The catalogue holds no e-mail for lots: our partner desk relays messages to the lot's contact.
  const to = ctx.env.SUPPORT_EMAIL;
  const subject = `Message for ${b.providerName} about ${b.confirmationNumber}`;
  const lines = [
    `Lot: ${b.providerName} (${b.address})${b.providerPhone ? `, phone ${b.providerPhone}` : ''}`,
    `Booking: ${b.confirmationNumber}, ${formatStay(b.arrivalDate)} to ${formatStay(b.departureDate)}`,
    `Traveller: ${b.firstName} ${b.lastName}, ${b.email}, ${vehicleText(b)}`,
    '',
    input.reason,
  ];
  await ctx.db.transaction(async (tx) => {
    await queueMail(tx, {
      to,
      subject,
      kind: 'contact-property',
      text: `${lines.join('\n')}\n`,
      html: `<!doctype html><html lang="en"><body style="font-family:sans-serif">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body></html>`,
    });
    await tx.insert(supportRequests).values({ userId: ctx.user.id, bookingId: b.id, type: 'contact_property', message: input.reason, status: 'sent' });
  });
  ctx.jobs.kick();
  return {
    message: `We passed your message to ${b.providerName}. They or our team will reply to ${b.email}${b.providerPhone ? `; for anything urgent call the lot at ${b.providerPhone}` : ''}.`,
  };
}
