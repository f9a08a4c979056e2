// The $0.99 detail-access fee: a payment through the gateway, then access to one location's lot details,
// an account for guests (with a set-password e-mail) and a credit toward the next booking there. A guest is
// never signed in by paying: the paying browser is recognised by a guest cookie of its own instead.
import { TRPCError } from '@trpc/server';
import { and, eq, or, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { informationAccess, userCredits, userPreferences, users } from '../../db/schema';
import type { SandboxGateway } from '../../integrations/payments';
import { enqueueJob } from '../../jobs/queue';
import type { Context } from '../../trpc/init';
import { DETAIL_ACCESS_FEE } from '@/shared/constants';
import type { ZCustomerInfo, ZSandboxCardInput } from '@/shared/schemas/payments';
import type { z } from 'zod';
import { findUserByEmail } from '../auth/auth.service';
import { generateToken, GUEST_COOKIE, guestCookie, hashToken } from '../auth/session';
import { findLocation } from '../search/search.service';

const PURPOSE = 'information_access';
const FEE_CENTS = Math.round(DETAIL_ACCESS_FEE * 100);
type Ctx = Context;

function resolve(ctx: Pick<Ctx, 'db'>, text: string) {
  const location = findLocation(ctx.db, text);
  if (!location) throw new TRPCError({ code: 'BAD_REQUEST', message: `We don't cover "${text}" yet. Please choose a listed airport or cruise port.` });
  return location;
}

/** Whether this traveller (signed in, or the guest browser that paid) has unlocked the location's details. */
export function hasAccess(ctx: Pick<Ctx, 'db' | 'guestToken'>, userId: number | undefined, text: string): boolean {
  if (!userId && !ctx.guestToken) return false;
  const location = findLocation(ctx.db, text);
  if (!location) return false;
  const who = [
    ...(userId ? [eq(informationAccess.userId, userId)] : []),
    ...(ctx.guestToken ? [eq(informationAccess.guestTokenHash, hashToken(ctx.guestToken))] : []),
  ];
  return Boolean(
    ctx.db
      .select({ id: informationAccess.id })
      .from(informationAccess)
      .where(and(or(...who), eq(informationAccess.location, location.code), eq(informationAccess.status, 'succeeded')))
      .get(),
  );
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
  const location = resolve(ctx, input.location);
  if (ctx.user && hasAccess(ctx, ctx.user.id, location.code)) {
    return { hasAccess: true as const, clientSecret: null, paymentIntentId: null, mode: ctx.payments.mode, amount: DETAIL_ACCESS_FEE, location: location.code };
  }
  const guest = ctx.user ? null : input.customerInfo;
  if (!ctx.user && !guest) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Required Information Missing: Please fill in your contact information to proceed' });
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
  if (ctx.payments.mode !== 'sandbox') throw new TRPCError({ code: 'NOT_FOUND', message: 'Not found' });
  const [mm, yy] = input.expiry.split('/').map((p) => Number(p.trim()));
  const intent = await (ctx.payments as SandboxGateway).confirm(input.paymentIntentId, input.clientSecret, {
    number: input.cardNumber,
    expMonth: mm!,
    expYear: 2000 + yy!,
    cvc: input.cvc,
    postalCode: input.postalCode,
  });
  if (!intent) throw new TRPCError({ code: 'NOT_FOUND', message: 'Payment not found' });
  if (intent.status !== 'succeeded') throw new TRPCError({ code: 'PAYMENT_REQUIRED', message: intent.lastError ?? 'Your card was declined.' });
  return { status: intent.status };
}

/**
 * Records a succeeded access payment once (by intent id): the access row (bound to the paying guest browser),
 * the credit, and for guests an account (created or reused, never signed in) with a set-password e-mail.
 * Paying with an e-mail never opens that e-mail's account, and never grants any role.
 */
export async function completeAccessPayment(ctx: Pick<Ctx, 'db' | 'payments' | 'jobs'> & { user: Ctx['user'] }, paymentIntentId: string) {
  const intent = await ctx.payments.retrieveIntent(paymentIntentId);
  if (!intent || intent.metadata.purpose !== PURPOSE) throw new TRPCError({ code: 'NOT_FOUND', message: 'Payment not found' });
  if (intent.status !== 'succeeded') throw new TRPCError({ code: 'PAYMENT_REQUIRED', message: intent.lastError ?? 'The payment has not completed yet.' });

  const existing = ctx.db.select().from(informationAccess).where(eq(informationAccess.paymentIntentId, intent.id)).get();
  if (existing) return { hasAccess: true, location: existing.location, accountCreated: false };

  const location = intent.metadata.location!;
  const placeName = findLocation(ctx.db, location)?.name ?? location;
  const outcome = ctx.db.transaction(
    (tx) => {
      let userId = intent.metadata.userId ? Number(intent.metadata.userId) : null;
      let created = false;
      if (!userId) {
        const email = intent.metadata.guestEmail!;
        const made = tx
          .insert(users)
          .values({ name: intent.metadata.guestName ?? email, email, phone: intent.metadata.guestPhone ?? null })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id })
          .get();
        if (made) tx.insert(userPreferences).values({ userId: made.id }).onConflictDoNothing().run();
        created = Boolean(made);
        userId = made?.id ?? findUserByEmail(tx as unknown as DB, email)!.id;
      }
      const inserted = tx
        .insert(informationAccess)
        .values({ userId, location, paymentIntentId: intent.id, amount: intent.amount / 100, status: 'succeeded', guestTokenHash: intent.metadata.guestToken ?? null })
        .onConflictDoNothing()
        .returning({ id: informationAccess.id })
        .get();
      // A concurrent completion (webhook and browser) got here first: it recorded the credit.
      if (!inserted) return { created: false };
      tx.insert(userCredits)
        .values({
          userId,
          amount: intent.amount / 100,
          type: 'access_fee_credit',
          description: `Detail access fee for ${placeName}, credited toward your booking there`,
          relatedPaymentId: intent.id,
        })
        .run();
      tx.update(users).set({ creditBalance: sql`${users.creditBalance} + ${intent.amount / 100}` }).where(eq(users.id, userId)).run();
      if (created) enqueueJob(tx, 'mail.set-password', { userId, reason: 'access' }, { dedupeKey: `set-password:access:${intent.id}` });
      return { created };
    },
    { behavior: 'immediate' },
  );
  ctx.jobs.kick();
  return { hasAccess: true, location, accountCreated: outcome.created };
}
