// Preferences (one row per user, upserted) and the credit summary of the signed-in user.
import { toDollars } from '@/shared/money';
import { desc, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { userCredits, userPreferences, users } from '../../db/schema';
import { AppError } from '../../errors';

const DEFAULT_PREFERENCES = {
  defaultVehicleType: null,
  vehicleMake: null,
  vehicleModel: null,
  licensePlate: null,
  preferredPaymentMethod: null,
  emailNotifications: 1,
  smsNotifications: 1,
  marketingEmails: 1,
};

export async function getPreferences(db: DB, userId: number) {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  if (!row) return { ...DEFAULT_PREFERENCES };
  const { id: _id, userId: _u, createdAt: _c, updatedAt: _up, ...prefs } = row;
  return prefs;
}
export type TPreferences = Awaited<ReturnType<typeof getPreferences>>;

export async function updatePreferences(db: DB, userId: number, input: ReturnType<typeof normalizePreferences>) {
  await db
    .insert(userPreferences)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...input, updatedAt: new Date() } });
  return getPreferences(db, userId);
}

/** Drops keys that were not sent, so a partial PUT leaves the other preferences alone. */
export function normalizePreferences(input: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<Omit<typeof userPreferences.$inferInsert, 'userId'>>;
}

/** The balance and the 20 latest credit movements, newest first. */
export async function creditSummary(db: DB, userId: number) {
  const [user] = await db.select({ creditBalance: users.creditBalanceCents }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  const history = await db
    .select({ id: userCredits.id, amount: userCredits.amountCents, type: userCredits.type, description: userCredits.description, createdAt: userCredits.createdAt })
    .from(userCredits)
    .where(eq(userCredits.userId, userId))
    .orderBy(desc(userCredits.createdAt), desc(userCredits.id))
    .limit(20);
  // Dollars: the API shows dollars.
  return { balance: toDollars(user.creditBalance), history: history.map((h) => ({ ...h, amount: toDollars(h.amount) })) };
}
