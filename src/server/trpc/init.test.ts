// Access rules are enforced on the server: anonymous callers get 401, signed-in non-admins 403.
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/client';
import type { TEnv } from '../env';
import type { PaymentsGateway } from '../integrations/payments';
import type { BlobStore } from '../integrations/blobs/types';
import { systemClock } from '../deps';
import { AppError } from '../errors';
import { adminProcedure, authedProcedure, createCallerFactory, publicProcedure, router, type Context, type SessionUser } from './init';

const testRouter = router({
  secret: adminProcedure.query(() => 'admin only'),
  mine: authedProcedure.query(({ ctx }) => ctx.user.id),
  refuses: publicProcedure.query(() => {
    throw new AppError('CONFLICT', 'That space was just taken.');
  }),
  breaks: publicProcedure.query(() => {
    throw new Error('disk on fire');
  }),
});
const createCaller = createCallerFactory(testRouter);
const ctx = (user: SessionUser | null): Context => ({
  db: {} as DB,
  env: {} as TEnv,
  mailer: { send: async () => undefined },
  payments: {} as PaymentsGateway,
  jobs: { kick: () => undefined },
  blobs: {} as BlobStore,
  clock: systemClock,
  user,
  session: user ? { id: 1, expiresAt: new Date() } : null,
  ip: '127.0.0.1',
  response: {},
});

describe('errors', () => {
  it("a service's AppError reaches tRPC callers with its code and message", async () => {
    await expect(createCaller(ctx(null)).refuses()).rejects.toMatchObject({ name: 'TRPCError', code: 'CONFLICT', message: 'That space was just taken.' });
  });
  it('anything else is an internal error', async () => {
    await expect(createCaller(ctx(null)).breaks()).rejects.toMatchObject({ name: 'TRPCError', code: 'INTERNAL_SERVER_ERROR' });
  });
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
