// Saved cards: attach a payment method to the user's payment-provider customer and keep only brand, last
// four, expiry and billing name/e-mail. Exactly one card is the default while any exist, also with several
// requests (or servers) changing one user's cards at once: see lockCardsOf.
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DB } from '../../db/client';
import { paymentMethods, users } from '../../db/schema';
import type { Context } from '../../deps';
import { AppError } from '../../errors';
import { CardError, type SandboxGateway } from '../../integrations/payments';
import type { ZAddPaymentMethodInput, ZSandboxPaymentMethodInput } from '@/shared/schemas/payment-methods';
import { gatewayCard } from '@/shared/schemas/card';

type Ctx = Pick<Context, 'db' | 'payments'> & { user: NonNullable<Context['user']> };
type Row = typeof paymentMethods.$inferSelect;

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Payment method not found');

/** The spec's listing shape (Stripe-like). */
function shape(r: Row) {
  return {
    id: r.stripePaymentMethodId,
    type: r.type,
    card: { brand: r.cardBrand ?? 'card', last4: r.cardLast4 ?? '', exp_month: r.cardExpMonth ?? 0, exp_year: r.cardExpYear ?? 0 },
    is_default: r.isDefault === 1,
    billing_details: { name: r.billingName, email: r.billingEmail },
    created: r.createdAt,
  };
}

export async function listPaymentMethods(ctx: Pick<Ctx, 'db' | 'user'>) {
  const rows = await ctx.db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, ctx.user.id))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map(shape);
}

async function owned(ctx: Pick<Ctx, 'db' | 'user'>, id: string): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.stripePaymentMethodId, id), eq(paymentMethods.userId, ctx.user.id)));
  if (!row) throw NOT_FOUND();
  return row;
}

/** A saved card of the caller's to charge, with the customer it is attached to (another's card is not found). */
export async function savedCardToCharge(ctx: Pick<Ctx, 'db' | 'user'>, id: string): Promise<{ paymentMethodId: string; customerId?: string }> {
  const row = await owned(ctx, id);
  const [owner] = await ctx.db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, row.userId));
  return { paymentMethodId: row.stripePaymentMethodId, customerId: owner?.customerId ?? undefined };
}

/**
 * Every change to a user's cards starts by locking the user's row (a no-op update): on PostgreSQL the
 * transactions of one user's cards then run one after the other, so "is there a default?" read inside one is
 * still true when it writes (on SQLite a write transaction is alone anyway).
 */
async function lockCardsOf(tx: DB, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ updatedAt: sql`${users.updatedAt}` })
    .where(eq(users.id, userId));
}

/** When the user has cards but no default (it was removed): the newest card. Call with the cards locked. */
async function ensureDefault(tx: DB, userId: number): Promise<void> {
  const [current] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, 1)))
    .limit(1);
  if (current) return;
  const [next] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(1);
  if (next) await tx.update(paymentMethods).set({ isDefault: 1, updatedAt: new Date() }).where(eq(paymentMethods.id, next.id));
}

async function customerFor(ctx: Ctx): Promise<string> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id));
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const id = await ctx.payments.createCustomer({ email: user.email, name: user.name, userId: user.id });
  // Two tabs (or servers) adding at once: the first customer stored wins, the other one is never used.
  await ctx.db
    .update(users)
    .set({ stripeCustomerId: id })
    .where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)));
  const [stored] = await ctx.db.select({ c: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
  return stored?.c ?? id;
}

export async function addPaymentMethod(ctx: Ctx, input: z.output<typeof ZAddPaymentMethodInput>) {
  const [existing] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.stripePaymentMethodId, input.payment_method_id));
  if (existing) {
    if (existing.userId !== ctx.user.id) throw new AppError('BAD_REQUEST', 'This card could not be saved. Please enter it again.');
    return shape(existing);
  }
  const found = await ctx.payments.retrievePaymentMethod(input.payment_method_id);
  if (!found) throw new AppError('BAD_REQUEST', 'This card could not be found. Please enter it again.');
  let card;
  try {
    card = await ctx.payments.attachPaymentMethod(found.id, await customerFor(ctx));
  } catch (err) {
    if (err instanceof CardError) throw new AppError('PAYMENT_REQUIRED', err.message);
    throw err;
  }
  const row = await ctx.db.transaction(async (tx) => {
    // With the user's cards locked, "no default yet" stays true until this card is saved: exactly one
    // default, even with cards added, removed or switched at the same moment.
    await lockCardsOf(tx, ctx.user.id);
    const [hasDefault] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, ctx.user.id), eq(paymentMethods.isDefault, 1)))
      .limit(1);
    const [inserted] = await tx
      .insert(paymentMethods)
      .values({
        userId: ctx.user.id,
        stripePaymentMethodId: card.id,
        type: 'card',
        cardBrand: card.brand,
        cardLast4: card.last4,
        cardExpMonth: card.expMonth,
        cardExpYear: card.expYear,
        billingName: input.billing_details.name,
        billingEmail: input.billing_details.email,
        isDefault: hasDefault ? 0 : 1,
      })
      .onConflictDoNothing()
      .returning();
    return inserted;
  });
  return shape(row ?? (await owned(ctx, card.id)));
}

export async function removePaymentMethod(ctx: Ctx, id: string) {
  const row = await owned(ctx, id);
  await ctx.payments.detachPaymentMethod(row.stripePaymentMethodId).catch((err: Error) => {
    // Already detached at the provider: removing our copy is still right.
    console.warn(`Detaching payment method ${row.id} failed:`, err.message);
  });
  await ctx.db.transaction(async (tx) => {
    await lockCardsOf(tx, ctx.user.id);
    await tx.delete(paymentMethods).where(and(eq(paymentMethods.id, row.id), eq(paymentMethods.userId, ctx.user.id)));
    // The newest remaining card becomes the default when the default went.
    await ensureDefault(tx, ctx.user.id);
  });
  return { success: true as const };
}

export async function setDefaultPaymentMethod(ctx: Pick<Ctx, 'db' | 'user'>, id: string) {
  const row = await owned(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await lockCardsOf(tx, ctx.user.id);
    const [made] = await tx
      .update(paymentMethods)
      .set({ isDefault: 1, updatedAt: new Date() })
      .where(and(eq(paymentMethods.id, row.id), eq(paymentMethods.userId, ctx.user.id)))
      .returning({ id: paymentMethods.id });
    // Removed meanwhile: nothing changes.
    if (!made) throw NOT_FOUND();
    await tx
      .update(paymentMethods)
      .set({ isDefault: 0, updatedAt: new Date() })
      .where(and(eq(paymentMethods.userId, ctx.user.id), ne(paymentMethods.id, row.id), eq(paymentMethods.isDefault, 1)));
  });
  return { success: true as const };
}

/** Sandbox only: what Stripe.js does in the browser (the card number goes no further than this call). */
export function createSandboxPaymentMethod(ctx: Pick<Ctx, 'payments'>, input: z.output<typeof ZSandboxPaymentMethodInput>) {
  if (ctx.payments.mode !== 'sandbox') throw new AppError('NOT_FOUND', 'Not found');
  try {
    const { postalCode: _zip, ...card } = gatewayCard(input);
    const pm = (ctx.payments as SandboxGateway).createPaymentMethod(card);
    return { id: pm.id, brand: pm.brand, last4: pm.last4, expMonth: pm.expMonth, expYear: pm.expYear };
  } catch (err) {
    if (err instanceof CardError) throw new AppError('PAYMENT_REQUIRED', err.message);
    throw err;
  }
}
