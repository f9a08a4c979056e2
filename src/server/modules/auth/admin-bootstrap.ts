// The administrator bootstrap: at boot (ADMIN_EMAIL with ADMIN_PASSWORD) or from `npm run admin:create`. Safe
// when several servers boot at once: every decision is taken by the write that claims it (insert on conflict
// do nothing, then conditional updates), never by an earlier read.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { passwordResetTokens, userPreferences, users } from '../../db/schema';
import type { TEnv } from '../../env';
import { hashPassword } from './password';
import { invalidateUserSessions } from './session';

export type AdminOutcome = 'created' | 'granted' | 'reset' | 'exists' | 'skipped';

/**
 * Creates the administrator if missing; an account with that e-mail that is not an administrator (someone
 * registered it) gets the password reset and every session ended before it gains the role, so only the holder
 * of the password is in. With `resetPassword`, an existing administrator's password is set again (and its
 * sessions ended). Nothing else in the product grants the role.
 */
export async function ensureAdmin(db: DB, env: Pick<TEnv, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>, opts: { resetPassword?: boolean } = {}): Promise<AdminOutcome> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return 'skipped';
  const email = env.ADMIN_EMAIL.toLowerCase();
  // The usual boot: the administrator is there already, and no password needs hashing.
  const [existing] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  if (existing?.role === 'admin' && !opts.resetPassword) return 'exists';
  const password = await hashPassword(env.ADMIN_PASSWORD);
  const adminFields = { password, role: 'admin' as const, emailVerified: 1, emailVerificationToken: null };
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ name: 'Administrator', email, ...adminFields })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (created) {
      await tx.insert(userPreferences).values({ userId: created.id }).onConflictDoNothing();
      return 'created';
    }
    // The address exists. Only the update that turns it into the administrator grants (another server that
    // booted at the same moment finds it done and answers 'exists').
    const [granted] = await tx
      .update(users)
      .set(adminFields)
      .where(and(eq(users.email, email), ne(users.role, 'admin')))
      .returning({ id: users.id });
    const [reset] =
      granted || !opts.resetPassword
        ? []
        : await tx
            .update(users)
            .set(adminFields)
            .where(and(eq(users.email, email), eq(users.role, 'admin')))
            .returning({ id: users.id });
    const target = granted ?? reset;
    if (!target) return 'exists';
    await tx.insert(userPreferences).values({ userId: target.id }).onConflictDoNothing();
    await invalidateUserSessions(tx, target.id);
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, target.id), isNull(passwordResetTokens.usedAt)));
    return granted ? 'granted' : 'reset';
  });
}

/** Whether any administrator exists (production refuses to start without one when ADMIN_EMAIL is set). */
export async function adminExists(db: DB): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return Boolean(row);
}
