// Access rules are enforced on the server: anonymous callers get 401, signed-in non-admins 403.
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/client';
import type { TEnv } from '../env';
import type { PaymentsGateway } from '../integrations/payments';
import { adminProcedure, authedProcedure, createCallerFactory, router, type Context, type SessionUser } from './init';

const testRouter = router({
  secret: adminProcedure.query(() => 'admin only'),
  mine: authedProcedure.query(({ ctx }) => ctx.user.id),
});
const createCaller = createCallerFactory(testRouter);
const ctx = (user: SessionUser | null): Context => ({
  db: {} as DB,
  env: {} as TEnv,
  mailer: { send: async () => undefined },
  payments: {} as PaymentsGateway,
  jobs: { kick: () => undefined },
  user,
  session: user ? { id: 1, expiresAt: new Date() } : null,
  ip: '127.0.0.1',
  resHeaders: new Headers(),
});

describe('procedures', () => {
  it('refuses anonymous callers with UNAUTHORIZED', async () => {
    await expect(createCaller(ctx(null)).secret()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(createCaller(ctx(null)).mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses signed-in non-admins with FORBIDDEN', async () => {
    const user = { id: 7, name: 'U', email: 'u@example.com', role: 'user' as const };
    await expect(createCaller(ctx(user)).secret()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await createCaller(ctx(user)).mine()).toBe(7);
  });

  it('lets the admin through', async () => {
    const admin = { id: 1, name: 'A', email: 'a@example.com', role: 'admin' as const };
    expect(await createCaller(ctx(admin)).secret()).toBe('admin only');
  });
});
