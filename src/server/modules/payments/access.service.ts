// The $0.99 detail-access fee: a payment through the gateway, then access to one location's lot details,
// an account for guests (with a set-password e-mail) and a credit toward the next booking there.
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import { informationAccess, userCredits, userPreferences, users } from '../../db/schema';
import type { SandboxGateway } from '../../integrations/payments';
import type { Context } from '../../trpc/init';
import { DETAIL_ACCESS_FEE } from '@/shared/constants';
import type { ZCustomerInfo, ZSandboxCardInput } from '@/shared/schemas/payments';
import type { z } from 'zod';
import { findUserByEmail, roleFor, sendSetPasswordLink, startSession } from '../auth/auth.service';
import { findLocation } from '../search/search.service';

const PURPOSE = 'information_access';
const FEE_CENTS = Math.round(DETAIL_ACCESS_FEE * 100);
type Ctx = Context;

function resolve(ctx: Pick<Ctx, 'db'>, text: string) {
  const location = findLocation(ctx.db, text);
  if (!location) throw new TRPCError({ code: 'BAD_REQUEST', message: `We don't cover "${text}" yet. Please choose a listed airport or cruise port.` });
  return location;
}

export function hasAccess(ctx: Pick<Ctx, 'db'>, userId: number | undefined, text: string): boolean {
  if (!userId) return false;
  const location = findLocation(ctx.db, text);
  if (!location) return false;
  return Boolean(
    ctx.db
      .select({ id: informationAccess.id })
      .from(informationAccess)
      .where(and(eq(informationAccess.userId, userId), eq(informationAccess.location, location.code), eq(informationAccess.status, 'succeeded')))
      .get(),
  );
}

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
export function confirmSandboxPayment(ctx: Ctx, input: z.output<typeof ZSandboxCardInput>) {
  if (ctx.payments.mode !== 'sandbox') throw new TRPCError({ code: 'NOT_FOUND', message: 'Not found' });
  const [mm, yy] = input.expiry.split('/').map((p) => Number(p.trim()));
  const intent = (ctx.payments as SandboxGateway).confirm(input.paymentIntentId, input.clientSecret, {
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
 * Records a succeeded access payment once (by intent id): the access row, the credit, and for guests an
 * account. A guest is signed in only when the account is new: paying with someone else's e-mail must not
 * open their account.
 */
export async function completeAccessPayment(
  ctx: Pick<Ctx, 'db' | 'env' | 'mailer' | 'payments' | 'resHeaders' | 'ip'> & { user: Ctx['user'] },
  paymentIntentId: string,
  /** False for webhooks: there is no browser to sign in. */
  signInGuest = true,
) {
  const intent = await ctx.payments.retrieveIntent(paymentIntentId);
  if (!intent || intent.metadata.purpose !== PURPOSE) throw new TRPCError({ code: 'NOT_FOUND', message: 'Payment not found' });
  if (intent.status !== 'succeeded') throw new TRPCError({ code: 'PAYMENT_REQUIRED', message: intent.lastError ?? 'The payment has not completed yet.' });

  const existing = ctx.db.select().from(informationAccess).where(eq(informationAccess.paymentIntentId, intent.id)).get();
  if (existing) return { hasAccess: true, location: existing.location, signedIn: ctx.user?.id === existing.userId, accountCreated: false };

  let userId = intent.metadata.userId ? Number(intent.metadata.userId) : null;
  let created: { id: number; email: string; name: string } | null = null;
  if (!userId) {
    const email = intent.metadata.guestEmail!;
    const found = findUserByEmail(ctx.db, email);
    if (found) userId = found.id;
    else {
      const name = intent.metadata.guestName ?? email;
      const [row] = ctx.db
        .insert(users)
        .values({ name, email, phone: intent.metadata.guestPhone ?? null, role: roleFor(ctx.env, email) })
        .onConflictDoNothing()
        .returning()
        .all();
      if (row) {
        ctx.db.insert(userPreferences).values({ userId: row.id }).onConflictDoNothing().run();
        created = { id: row.id, email: row.email, name: row.name };
        userId = row.id;
      } else userId = findUserByEmail(ctx.db, email)!.id;
    }
  }

  const location = intent.metadata.location!;
  const recorded = ctx.db.transaction((tx) => {
    const inserted = tx
      .insert(informationAccess)
      .values({ userId: userId!, location, paymentIntentId: intent.id, amount: intent.amount / 100, status: 'succeeded' })
      .onConflictDoNothing()
      .run();
    if (inserted.changes !== 1) return false; // a concurrent completion (webhook and browser) got here first
    tx.insert(userCredits)
      .values({
        userId: userId!,
        amount: intent.amount / 100,
        type: 'access_fee_credit',
        description: `Detail access fee for ${findLocation(ctx.db, location)?.name ?? location}, credited toward your booking there`,
        relatedPaymentId: intent.id,
      })
      .run();
    tx.update(users).set({ creditBalance: sql`${users.creditBalance} + ${intent.amount / 100}` }).where(eq(users.id, userId!)).run();
    return true;
  });

  let signedIn = ctx.user?.id === userId;
  if (recorded && created) {
    await sendSetPasswordLink(ctx, created);
    if (!ctx.user && signInGuest) {
      startSession(ctx, created.id);
      signedIn = true;
    }
  }
  return { hasAccess: true, location, signedIn, accountCreated: Boolean(recorded && created) };
}
