// The $0.99 detail-access fee: a payment through the gateway, then access to one location's lot details,
// an account for guests (with a set-password e-mail) and a credit toward the next booking there. A guest is
// never signed in by paying: the paying browser is recognised by a guest cookie of its own instead.
import { and, eq, or, sql } from 'drizzle-orm';
import { informationAccess, userCredits, userPreferences, users } from '../../db/schema';
import type { Context, Services } from '../../deps';
import { AppError } from '../../errors';
import type { SandboxGateway } from '../../integrations/payments';
import { enqueueJob } from '../../jobs/queue';
import { DETAIL_ACCESS_FEE } from '@/shared/constants';
import type { ZCustomerInfo, ZSandboxCardInput } from '@/shared/schemas/payments';
import { gatewayCard } from '@/shared/schemas/card';
import type { z } from 'zod';
import { generateToken, GUEST_COOKIE, guestCookie, hashToken } from '../auth/session';
import { findOrCreateGuestAccount } from '../bookings/guest-account';
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
  const who = [
    ...(userId ? [eq(informationAccess.userId, userId)] : []),
    ...(ctx.guestToken ? [eq(informationAccess.guestTokenHash, hashToken(ctx.guestToken))] : []),
  ];
  const found = await ctx.db
    .select({ id: informationAccess.id })
    .from(informationAccess)
    .where(and(or(...who), eq(informationAccess.location, location.code), eq(informationAccess.status, 'succeeded')))
    .limit(1);
  return found.length > 0;
}

/** The guest browser's token: the cookie it has, or a new one set on this response. */
function guestTokenOf(ctx: Pick<Ctx, 'guestToken' | 'resHeaders' | 'env'>): string {
  if (ctx.guestToken) return ctx.guestToken;
  const token = generateToken();
  ctx.resHeaders.append('Set-Cookie', guestCookie(token, ctx.env.APP_URL!));
  return token;
}
export { GUEST_COOKIE };

export async function createAccessPayment(ctx: Ctx, input: { location: string; customerInfo?: z.output<typeof ZCustomerInfo> }) {
  const location = await resolve(ctx, input.location);
  if (ctx.user && (await hasAccess(ctx, ctx.user.id, location.code))) {
    return { hasAccess: true as const, clientSecret: null, paymentIntentId: null, mode: ctx.payments.mode, amount: DETAIL_ACCESS_FEE, location: location.code };
  }
  const guest = ctx.user ? null : input.customerInfo;
  if (!ctx.user && !guest) {
    throw new AppError('BAD_REQUEST', 'Required Information Missing: Please fill in your contact information to proceed');
  }
  const metadata: Record<string, string> = { purpose: PURPOSE, location: location.code };
  if (ctx.user) metadata.userId = String(ctx.user.id);
  if (guest) {
    // The paying browser (by the hash of its guest cookie) sees the details once paid, even if the webhook
    // records the payment first.
    metadata.guestToken = hashToken(guestTokenOf(ctx));
    metadata.guestEmail = guest.email;
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
  return { hasAccess: false as const, clientSecret: intent.clientSecret, paymentIntentId: intent.id, mode: ctx.payments.mode, amount: DETAIL_ACCESS_FEE, location: location.code };
}

/** Sandbox only: confirms the intent with a test card, as Stripe.js does in Stripe mode. */
export async function confirmSandboxPayment(ctx: Ctx, input: z.output<typeof ZSandboxCardInput>) {
  if (ctx.payments.mode !== 'sandbox') throw new AppError('NOT_FOUND', 'Not found');
  const intent = await (ctx.payments as SandboxGateway).confirm(input.paymentIntentId, input.clientSecret, gatewayCard(input));
  if (!intent) throw new AppError('NOT_FOUND', 'Payment not found');
  if (intent.status !== 'succeeded') throw new AppError('PAYMENT_REQUIRED', intent.lastError ?? 'Your card was declined.');
  return { status: intent.status };
}

/**
 * Records a succeeded access payment once (by intent id): the access row (bound to the paying guest browser),
 * the credit, and for guests an account (created or reused, never signed in) with a set-password e-mail.
 * Paying with an e-mail never opens that e-mail's account, and never grants any role. Called by the paying
 * browser and by the payment webhook (with the app's services only: nobody is signed in there).
 */
export async function completeAccessPayment(services: Pick<Services, 'db' | 'payments' | 'jobs'>, paymentIntentId: string) {
  const { db } = services;
  // The gateway is asked before any transaction.
  const intent = await services.payments.retrieveIntent(paymentIntentId);
  if (!intent || intent.metadata.purpose !== PURPOSE) throw new AppError('NOT_FOUND', 'Payment not found');
  if (intent.status !== 'succeeded') throw new AppError('PAYMENT_REQUIRED', intent.lastError ?? 'The payment has not completed yet.');

  const [existing] = await db.select().from(informationAccess).where(eq(informationAccess.paymentIntentId, intent.id));
  if (existing) return { hasAccess: true, location: existing.location, accountCreated: false };

  const location = intent.metadata.location!;
  // From the catalogue of the root handle, before the transaction: inside it, only `tx` is used.
  const placeName = (await findLocation(db, location))?.name ?? location;
  const amount = intent.amount / 100;
  let outcome: { created: boolean };
  try {
    outcome = await db.transaction(async (tx) => {
      let userId = intent.metadata.userId ? Number(intent.metadata.userId) : null;
      let created = false;
      if (!userId) {
        const email = intent.metadata.guestEmail!;
        const account = await findOrCreateGuestAccount(tx, { name: intent.metadata.guestName ?? email, email, phone: intent.metadata.guestPhone ?? null });
        if (account.created) await tx.insert(userPreferences).values({ userId: account.id }).onConflictDoNothing();
        created = account.created;
        userId = account.id;
      }
      // Insert-or-nothing by intent id: a concurrent completion (webhook and browser, on any server) records once.
      const [inserted] = await tx
        .insert(informationAccess)
        .values({ userId, location, paymentIntentId: intent.id, amount, status: 'succeeded', guestTokenHash: intent.metadata.guestToken ?? null })
        .onConflictDoNothing()
        .returning({ id: informationAccess.id });
      // The other completion got here first: it recorded the credit (and any account made here is rolled back).
      if (!inserted) throw new AlreadyRecorded();
      await tx.insert(userCredits).values({
        userId,
        amount,
        type: 'access_fee_credit',
        description: `Detail access fee for ${placeName}, credited toward your booking there`,
        relatedPaymentId: intent.id,
      });
      await tx.update(users).set({ creditBalance: sql`${users.creditBalance} + ${amount}` }).where(eq(users.id, userId));
      if (created) await enqueueJob(tx, 'mail.set-password', { userId, reason: 'access' }, { dedupeKey: `set-password:access:${intent.id}` });
      return { created };
    });
  } catch (err) {
    if (!(err instanceof AlreadyRecorded)) throw err;
    outcome = { created: false };
  }
  services.jobs.kick();
  return { hasAccess: true, location, accountCreated: outcome.created };
}

/** Rolls back a completion that lost to a concurrent one (nothing of it is kept). */
class AlreadyRecorded extends Error {}
