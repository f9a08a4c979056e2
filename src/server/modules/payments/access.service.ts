// The $0.99 detail-access fee: a payment through the gateway, then access to one location's lot details and a
// credit toward the next booking there. A guest gets no account: the payment and its credit belong to the
// e-mail typed (guest checkout with that e-mail applies it; an account that proves the e-mail later claims
// it), and the paying browser is recognised by a guest cookie of its own. A signed-in traveller may pay with
// a saved card of theirs.
import { cents } from '@/shared/money';
import { countPaymentFailure } from '../../observability/metrics';
import { and, eq, or } from 'drizzle-orm';
import { informationAccess } from '../../db/schema';
import type { Context, Services } from '../../deps';
import { AppError } from '../../errors';
import type { SandboxGateway } from '../../integrations/payments';
import { DETAIL_ACCESS_FEE } from '@/shared/constants';
import type { TInformationAccess, ZSandboxCardInput } from '@/shared/schemas/payments';
import { gatewayCard } from '@/shared/schemas/card';
import type { z } from 'zod';
import { generateToken, GUEST_COOKIE, hashToken } from '../auth/session';
import { chargeHeld } from '../bookings/paid-hold';
import { normalizeEmail, recordCredit, rowOwner, type CreditOwner } from '../bookings/credit';
import { savedCardToCharge } from '../payment-methods/payment-methods.service';
import { findLocation } from '../search/search.service';

const PURPOSE = 'information_access';
const FEE_CENTS = Math.round(DETAIL_ACCESS_FEE * 100);
type Ctx = Context;

async function resolve(ctx: Pick<Ctx, 'db'>, text: string) {
  const location = await findLocation(ctx.db, text);
  if (!location) throw new AppError('BAD_REQUEST', `We don't cover "${text}" yet. Please choose a listed airport or cruise port.`);
  return location;
}

/** Whether this traveller (signed in, or the guest browser that paid) has unlocked the location's details. */
export async function hasAccess(ctx: Pick<Ctx, 'db' | 'guestToken'>, userId: number | undefined, text: string): Promise<boolean> {
  if (!userId && !ctx.guestToken) return false;
  const location = await findLocation(ctx.db, text);
  if (!location) return false;
  const who = [...(userId ? [eq(informationAccess.userId, userId)] : []), ...(ctx.guestToken ? [eq(informationAccess.guestTokenHash, hashToken(ctx.guestToken))] : [])];
  const found = await ctx.db
    .select({ id: informationAccess.id })
    .from(informationAccess)
    .where(and(or(...who), eq(informationAccess.location, location.code), eq(informationAccess.status, 'succeeded')))
    .limit(1);
  return found.length > 0;
}

export { GUEST_COOKIE };

/**
 * The payment (or the access already had). A guest browser without a guest cookie gets a new token
 * (`newGuestToken`), which the transport sets as its cookie (payments/router.ts).
 */
export async function createAccessPayment(ctx: Ctx, input: TInformationAccess) {
  const location = await resolve(ctx, input.location);
  const unlocked = { hasAccess: true as const, clientSecret: null, paymentIntentId: null, mode: ctx.payments.mode, amount: DETAIL_ACCESS_FEE, location: location.code };
  if (ctx.user && (await hasAccess(ctx, ctx.user.id, location.code))) return { access: unlocked, newGuestToken: null };
  if (input.paymentMethodId) {
    if (!ctx.user) throw new AppError('NOT_FOUND', 'Payment method not found');
    await payWithSavedCard(ctx as Ctx & { user: NonNullable<Ctx['user']> }, location, input.paymentMethodId, input.idempotencyKey);
    return { access: unlocked, newGuestToken: null };
  }
  const guest = ctx.user ? null : input.customerInfo;
  if (!ctx.user && !guest) {
    throw new AppError('BAD_REQUEST', 'Required Information Missing: Please fill in your contact information to proceed');
  }
  const metadata: Record<string, string> = { purpose: PURPOSE, location: location.code };
  if (ctx.user) metadata.userId = String(ctx.user.id);
  const newGuestToken = guest && !ctx.guestToken ? generateToken() : null;
  if (guest) {
    // The paying browser (by the hash of its guest cookie) sees the details once paid, even if the webhook
    // records the payment first.
    metadata.guestToken = hashToken(ctx.guestToken || newGuestToken!);
    metadata.guestEmail = normalizeEmail(guest.email);
    metadata.guestName = `${guest.firstName} ${guest.lastName}`;
    if (guest.phone) metadata.guestPhone = guest.phone;
  }
  const intent = await ctx.payments.createIntent({
    amount: FEE_CENTS,
    currency: 'usd',
    description: `Detailed parking information: ${location.name}`,
    receiptEmail: ctx.user?.email ?? guest?.email,
    metadata,
  });
  return {
    access: {
      hasAccess: false as const,
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      mode: ctx.payments.mode,
      amount: DETAIL_ACCESS_FEE,
      location: location.code,
    },
    newGuestToken,
  };
}

/**
 * A saved card of the signed-in traveller's, charged at once (sandbox and Stripe alike) and recorded as the
 * browser's completion would. The charge's key is the client's (a double click charges once); a decline is 402
 * with the bank's words, no answer from the gateway 502 (the retry with the same key, or the webhook, settles it).
 */
async function payWithSavedCard(ctx: Ctx & { user: NonNullable<Ctx['user']> }, location: { code: string; name: string }, paymentMethodId: string, key?: string) {
  const card = await savedCardToCharge(ctx, paymentMethodId);
  const intent = await chargeHeld(
    ctx,
    {
      amount: FEE_CENTS,
      description: `Detailed parking information: ${location.name}`,
      receiptEmail: ctx.user.email,
      metadata: { purpose: PURPOSE, location: location.code, userId: String(ctx.user.id) },
      ...card,
      idempotencyKey: `access-fee:user:${ctx.user.id}:${location.code}:${key ?? generateToken()}`,
    },
    async () => undefined, // nothing is held for a fee
    `Access fee for user ${ctx.user.id}`,
  );
  await completeAccessPayment(ctx, intent.id);
}

/** Sandbox only: confirms the intent with a test card, as Stripe.js does in Stripe mode. */
export async function confirmSandboxPayment(ctx: Ctx, input: z.output<typeof ZSandboxCardInput>) {
  if (ctx.payments.mode !== 'sandbox') throw new AppError('NOT_FOUND', 'Not found');
  const intent = await (ctx.payments as SandboxGateway).confirm(input.paymentIntentId, input.clientSecret, gatewayCard(input));
  if (!intent) throw new AppError('NOT_FOUND', 'Payment not found');
  if (intent.status !== 'succeeded') {
    countPaymentFailure('declined', 'information-access');
    throw new AppError('PAYMENT_REQUIRED', intent.lastError ?? 'Your card was declined.');
  }
  return { status: intent.status };
}

/**
 * Records a succeeded access payment once (by intent id): the access row (bound to the paying guest browser)
 * and the credit, owned by the signed-in payer or, for a guest, by the e-mail typed. No account is made or
 * opened by paying. Called by the paying browser and by the payment webhook (with the app's services only:
 * nobody is signed in there).
 */
export async function completeAccessPayment(services: Pick<Services, 'db' | 'payments'>, paymentIntentId: string) {
  const { db } = services;
  // The gateway is asked before any transaction.
  const intent = await services.payments.retrieveIntent(paymentIntentId);
  if (!intent || intent.metadata.purpose !== PURPOSE) throw new AppError('NOT_FOUND', 'Payment not found');
  if (intent.status !== 'succeeded') throw new AppError('PAYMENT_REQUIRED', intent.lastError ?? 'The payment has not completed yet.');

  const [existing] = await db.select().from(informationAccess).where(eq(informationAccess.paymentIntentId, intent.id));
  if (existing) return { hasAccess: true, location: existing.location };

  const location = intent.metadata.location!;
  // From the catalogue of the root handle, before the transaction: inside it, only `tx` is used.
  const placeName = (await findLocation(db, location))?.name ?? location;
  const amount = cents(intent.amount);
  const owner: CreditOwner = intent.metadata.userId ? { userId: Number(intent.metadata.userId) } : { email: normalizeEmail(intent.metadata.guestEmail ?? '') };
  if ('email' in owner && !owner.email) throw new AppError('NOT_FOUND', 'Payment not found');
  try {
    await db.transaction(async (tx) => {
      // Insert-or-nothing by intent id: a concurrent completion (webhook and browser, on any server) records once.
      const [inserted] = await tx
        .insert(informationAccess)
        .values({
          ...rowOwner(owner),
          location,
          paymentIntentId: intent.id,
          amountCents: amount,
          status: 'succeeded',
          guestTokenHash: intent.metadata.guestToken ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: informationAccess.id });
      // The other completion got here first: it recorded the credit.
      if (!inserted) throw new AlreadyRecorded();
      await recordCredit(tx, owner, {
        amountCents: amount,
        type: 'access_fee_credit',
        description: `Detail access fee for ${placeName}, credited toward your booking there`,
        relatedPaymentId: intent.id,
      });
    });
  } catch (err) {
    if (!(err instanceof AlreadyRecorded)) throw err;
  }
  return { hasAccess: true, location };
}

/** Rolls back a completion that lost to a concurrent one (nothing of it is kept). */
class AlreadyRecorded extends Error {}
