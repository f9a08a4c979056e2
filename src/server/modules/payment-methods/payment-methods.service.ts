// Saved cards: attach a payment method to the user's payment-provider customer and keep only brand, last
// four, expiry and billing name/e-mail. Exactly one card is the default while any exist.
import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentMethods, users } from '../../db/schema';
import { CardError, type SandboxGateway } from '../../integrations/payments';
import type { Context } from '../../trpc/init';
import type { ZAddPaymentMethodInput, ZSandboxPaymentMethodInput } from '@/shared/schemas/payment-methods';

type Ctx = Pick<Context, 'db' | 'payments'> & { user: NonNullable<Context['user']> };
type Row = typeof paymentMethods.$inferSelect;

const NOT_FOUND = () => new TRPCError({ code: 'NOT_FOUND', message: 'Payment method not found' });

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

export function listPaymentMethods(ctx: Pick<Ctx, 'db' | 'user'>) {
  return ctx.db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, ctx.user.id))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .all()
    .map(shape);
}

function owned(ctx: Pick<Ctx, 'db' | 'user'>, id: string): Row {
  const row = ctx.db.select().from(paymentMethods).where(and(eq(paymentMethods.stripePaymentMethodId, id), eq(paymentMethods.userId, ctx.user.id))).get();
  if (!row) throw NOT_FOUND();
  return row;
}

async function customerFor(ctx: Ctx): Promise<string> {
  const user = ctx.db.select().from(users).where(eq(users.id, ctx.user.id)).get()!;
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const id = await ctx.payments.createCustomer({ email: user.email, name: user.name, userId: user.id });
  // Two tabs adding at once: keep whichever customer was stored first.
  ctx.db.update(users).set({ stripeCustomerId: id }).where(and(eq(users.id, user.id))).run();
  return ctx.db.select({ c: users.stripeCustomerId }).from(users).where(eq(users.id, user.id)).get()!.c ?? id;
}

export async function addPaymentMethod(ctx: Ctx, input: z.output<typeof ZAddPaymentMethodInput>) {
  const existing = ctx.db.select().from(paymentMethods).where(eq(paymentMethods.stripePaymentMethodId, input.payment_method_id)).get();
  if (existing) {
    if (existing.userId !== ctx.user.id) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This card could not be saved. Please enter it again.' });
    return shape(existing);
  }
  const found = await ctx.payments.retrievePaymentMethod(input.payment_method_id);
  if (!found) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This card could not be found. Please enter it again.' });
  let card;
  try {
    card = await ctx.payments.attachPaymentMethod(found.id, await customerFor(ctx));
  } catch (err) {
    if (err instanceof CardError) throw new TRPCError({ code: 'PAYMENT_REQUIRED', message: err.message });
    throw err;
  }
  const row = ctx.db.transaction((tx) => {
    const hasDefault = tx.select({ id: paymentMethods.id }).from(paymentMethods).where(and(eq(paymentMethods.userId, ctx.user.id), eq(paymentMethods.isDefault, 1))).get();
    return tx
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
      .returning()
      .get();
  });
  return shape(row ?? owned(ctx, card.id));
}

export async function removePaymentMethod(ctx: Ctx, id: string) {
  const row = owned(ctx, id);
  await ctx.payments.detachPaymentMethod(row.stripePaymentMethodId).catch((err: Error) => {
    // Already detached at the provider: removing our copy is still right.
    console.warn(`Detaching payment method ${row.id} failed:`, err.message);
  });
  ctx.db.transaction((tx) => {
    tx.delete(paymentMethods).where(eq(paymentMethods.id, row.id)).run();
    if (row.isDefault) {
      const next = tx.select().from(paymentMethods).where(eq(paymentMethods.userId, ctx.user.id)).orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id)).get();
      if (next) tx.update(paymentMethods).set({ isDefault: 1, updatedAt: new Date() }).where(eq(paymentMethods.id, next.id)).run();
    }
  });
  return { success: true as const };
}

export function setDefaultPaymentMethod(ctx: Pick<Ctx, 'db' | 'user'>, id: string) {
  const row = owned(ctx, id);
  ctx.db.transaction((tx) => {
    tx.update(paymentMethods).set({ isDefault: 0, updatedAt: new Date() }).where(eq(paymentMethods.userId, ctx.user.id)).run();
    tx.update(paymentMethods).set({ isDefault: 1, updatedAt: new Date() }).where(eq(paymentMethods.id, row.id)).run();
  });
  return { success: true as const };
}

/** Sandbox only: what Stripe.js does in the browser (the card number goes no further than this call). */
export function createSandboxPaymentMethod(ctx: Pick<Ctx, 'payments'>, input: z.output<typeof ZSandboxPaymentMethodInput>) {
  if (ctx.payments.mode !== 'sandbox') throw new TRPCError({ code: 'NOT_FOUND', message: 'Not found' });
  const [mm, yy] = input.expiry.split('/').map((p) => Number(p.trim()));
  try {
    const pm = (ctx.payments as SandboxGateway).createPaymentMethod({ number: input.cardNumber, expMonth: mm!, expYear: 2000 + yy!, cvc: input.cvc });
    return { id: pm.id, brand: pm.brand, last4: pm.last4, expMonth: pm.expMonth, expYear: pm.expYear };
  } catch (err) {
    if (err instanceof CardError) throw new TRPCError({ code: 'PAYMENT_REQUIRED', message: err.message });
    throw err;
  }
}
