// Accounts through HTTP: register, sign in and out, sessions, throttling, profile, preferences,
// e-mail verification, password change and reset, the Origin check and Google sign-in.
import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResetTokens, users, userSessions } from '@/server/db/schema';
import { SESSION_TTL_MS } from '@/server/modules/auth/session';
import { call, sessionCookieFrom } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';

const t = await createTestApp({ TRUST_PROXY: '1', ADMIN_EMAIL: 'boss@parkpilot.example' });
afterAll(() => t.close());

let seq = 0;
/** A fresh client address per test keeps the per-IP limits of one test away from the others. */
const nextIp = () => `10.0.0.${++seq}`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const countSessions = async (userId: number) => (await t.db.select({ n: count() }).from(userSessions).where(eq(userSessions.userId, userId)))[0]!.n;
const countUsers = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;
const cookieValue = (cookie: string) => cookie.split('=')[1]!;

async function register(overrides: Record<string, unknown> = {}, ip = nextIp()) {
  const body = { name: 'Ada Lovelace', email: `ada-${++seq}@example.com`, password: 'correct horse', ...overrides };
  const res = await call(t.request, '/api/auth/register', body, { ip });
  return { ...res, body, cookie: sessionCookieFrom(res.headers)! };
}

async function login(email: string, password: string, ip = nextIp()) {
  const res = await call(t.request, '/api/auth/login', { email, password }, { ip });
  return { ...res, cookie: sessionCookieFrom(res.headers) };
}

const me = async (cookie?: string) => (await call(t.request, '/api/auth/me', undefined, { cookie })).json.user;

async function lastMail(to: string, kind: RegExp) {
  const mails = (await t.outbox()).filter((m) => m.to.includes(to) && kind.test(m.subject));
  return mails.at(-1);
}
const tokenFrom = (text: string, path: string) => new RegExp(`${path}\\?token=([a-z0-9]+)`).exec(text)?.[1];

describe('registration', () => {
  it('creates the account, signs it in with a hashed session token, and never returns secrets', async () => {
    const r = await register();
    expect(r.status).toBe(201);
    expect(r.json.user).toMatchObject({ name: 'Ada Lovelace', email: r.body.email, role: 'user', emailVerified: 0, authProvider: 'local' });
    expect(JSON.stringify(r.json)).not.toMatch(/argon2|password"|sessionToken|emailVerificationToken/);

    const setCookie = r.headers.getSetCookie().find((c) => c.startsWith('pp_session='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/); // plain-http localhost
    const token = cookieValue(r.cookie);
    expect(token.length).toBeGreaterThanOrEqual(32); // ≥160 bits in base32

    const rows = await t.db.select().from(userSessions).where(eq(userSessions.userId, r.json.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sessionToken).toBe(sha256(token));
    const [stored] = await t.db.select().from(users).where(eq(users.id, r.json.user.id));
    expect(stored!.password).toMatch(/^\$argon2id\$/);

    expect(await me(r.cookie)).toMatchObject({ email: r.body.email });
  });

  it('lower-cases the e-mail and sends verification and welcome mails', async () => {
    const email = `Mixed.Case-${++seq}@Example.com`;
    const r = await register({ email });
    expect(r.json.user.email).toBe(email.toLowerCase());
    expect(await lastMail(email.toLowerCase(), /verify/i)).toBeTruthy();
    expect(await lastMail(email.toLowerCase(), /welcome/i)).toBeTruthy();
  });

  it.each([
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ name: '' }, 'Full name is required'],
  ])('refuses %o with the spec message and leaves no data', async (override, message) => {
    const before = await countUsers();
    const r = await register(override);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: message });
    expect(await countUsers()).toBe(before);
  });

  it('answers 409 for an e-mail that already has an account', async () => {
    const first = await register();
    const again = await register({ email: first.body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('An account with this email already exists');
  });

  it('answers 201 to one and 409 to the other when one e-mail registers twice at the same moment', async () => {
    const email = `twice-${++seq}@example.com`;
    const both = await Promise.all([register({ email }), register({ email })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('never makes an administrator: registering with ADMIN_EMAIL (no password configured) gives a normal user', async () => {
    const r = await register({ email: 'boss@parkpilot.example' });
    expect(r.status).toBe(201);
    expect(r.json.user.role).toBe('user');
    for (const path of ['/api/admin/dashboard/stats', '/api/admin/users/stats', '/api/admin/bookings']) {
      expect((await call(t.request, path, undefined, { cookie: r.cookie })).status).toBe(403);
    }
  });

  it('counts sign-ups per client address from the right of X-Forwarded-For: forged entries do not reset it', async () => {
    // TRUST_PROXY=1: our proxy appends the real address; whatever the client wrote before it is ignored.
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await call(
        t.request,
        '/api/auth/register',
        { name: 'Forger', email: `forged-${i}-${++seq}@example.com`, password: 'long enough' },
        { headers: { 'X-Forwarded-For': `198.51.100.${i}, 203.0.113.77` } },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((st) => st === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(statuses.slice(10).every((st) => st === 429)).toBe(true);
  });
});

describe('sign-in and sign-out', () => {
  it('issues a fresh session on sign-in and refuses wrong credentials with one message', async () => {
    const r = await register();
    const ok = await login(r.body.email, r.body.password);
    expect(ok.status).toBe(200);
    expect(ok.json.user.email).toBe(r.body.email);
    expect(ok.cookie).toBeTruthy();
    expect(ok.cookie).not.toBe(r.cookie);

    const wrong = await login(r.body.email, 'wrong password');
    const unknown = await login(`nobody-${seq}@example.com`, 'wrong password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ error: 'Invalid email or password' });
    expect(unknown.json).toEqual(wrong.json);
  });

  it('validates the sign-in form with the spec messages', async () => {
    expect((await login('nope', 'x')).json.error).toBe('Invalid email address');
    expect((await login('a@example.com', '')).json.error).toBe('Password is required');
  });

  it('ends the session on the server: a replayed cookie is not signed in', async () => {
    const r = await register();
    const out = await call(t.request, '/api/auth/logout', {}, { cookie: r.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/pp_session=;.*Max-Age=0/);
    expect(await me(r.cookie)).toBeNull();
    expect(await countSessions(r.json.user.id)).toBe(0);
  });

  it('throttles an address guessing one e-mail with 429 and Retry-After, even for the right password from there', async () => {
    const r = await register();
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await login(r.body.email, `wrong-${i}-password`, ip)).status);
    expect(statuses.slice(0, 10).every((st) => st === 401)).toBe(true);
    expect(statuses.slice(10).every((st) => st === 429)).toBe(true);
    const blocked = await login(r.body.email, r.body.password, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.json.error).toMatch(/Too many failed sign-in attempts/);
    expect(blocked.cookie).toBeUndefined();
  });

  it('cannot be used to lock a traveller out: wrong passwords from other addresses leave the right one working', async () => {
    const r = await register();
    for (let a = 0; a < 3; a++) {
      const ip = nextIp();
      for (let i = 0; i < 12; i++) await login(r.body.email, `attacker-${i}-guess`, ip);
    }
    const ok = await login(r.body.email, r.body.password, nextIp());
    expect(ok.status).toBe(200);
    expect(ok.cookie).toBeTruthy();
  });

  it('counts 40 parallel guesses before hashing: at most the limit are evaluated', async () => {
    const r = await register();
    const ip = nextIp();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => login(r.body.email, `parallel-${i}-guess`, ip)));
    const statuses = results.map((x) => x.status);
    // Every guess counts against the pair and the address before either refuses it, so on PostgreSQL a guess
    // still within its pair's 10 can find the address's 30 already used by refused ones: at most 10 are checked.
    expect(
      statuses.filter((s) => s !== 401 && s !== 429),
      statuses.join(' '),
    ).toEqual([]);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked).toBeGreaterThan(0);
  });

  it('throttles failures per client address across e-mails', async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await login(`spray-${i}@example.com`, 'wrong password', ip)).status;
    expect(last).toBe(429);
    expect((await login(`spray-x@example.com`, 'wrong password', nextIp())).status).toBe(401);
  });
});

describe('sessions', () => {
  it('deletes an expired session and treats the request as signed out', async () => {
    const r = await register();
    await t.db
      .update(userSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSessions.userId, r.json.user.id));
    expect(await me(r.cookie)).toBeNull();
    expect(await countSessions(r.json.user.id)).toBe(0);
  });

  it('extends a session when less than half of its 30 days remain', async () => {
    const r = await register();
    const soon = new Date(Date.now() + SESSION_TTL_MS / 2 - 60_000);
    await t.db.update(userSessions).set({ expiresAt: soon }).where(eq(userSessions.userId, r.json.user.id));
    const res = await call(t.request, '/api/auth/me', undefined, { cookie: r.cookie });
    expect(res.json.user).not.toBeNull();
    expect(sessionCookieFrom(res.headers)).toBe(r.cookie);
    const [row] = await t.db.select().from(userSessions).where(eq(userSessions.userId, r.json.user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
  });

  it('does not re-send the cookie while more than half remains', async () => {
    const r = await register();
    const res = await call(t.request, '/api/auth/me', undefined, { cookie: r.cookie });
    expect(sessionCookieFrom(res.headers)).toBeUndefined();
  });

  it('ignores forged or malformed cookies', async () => {
    expect(await me('pp_session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).toBeNull();
    expect(await me('pp_session=%27%20or%201%3D1')).toBeNull();
  });
});

describe('cookies and Retry-After on every transport', () => {
  const trpc = (procedure: string, input: unknown, opts: Parameters<typeof call>[3] = {}) => call(t.request, `/api/trpc/${procedure}`, { json: input }, opts);
  /** A Set-Cookie line without its value and expiry date: the attributes. */
  const attributes = (line: string | undefined) => line?.replace(/^pp_session=[^;]*/, '').replace(/Expires=[^;]*/, '');
  const sessionLine = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith('pp_session='));

  it('tRPC signs in and out with the cookie REST sets, and never puts the token in the answer', async () => {
    const r = await register();
    const viaTrpc = await trpc('auth.login', { email: r.body.email, password: r.body.password }, { ip: nextIp() });
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.json.result.data.json).toMatchObject({ email: r.body.email });
    const cookie = sessionCookieFrom(viaTrpc.headers)!;
    expect(viaTrpc.text).not.toContain(cookieValue(cookie));
    expect(attributes(sessionLine(viaTrpc.headers))).toBe(attributes(sessionLine(r.headers)));
    expect(viaTrpc.headers.getSetCookie()).toHaveLength(1);
    expect(await me(cookie)).toMatchObject({ email: r.body.email });

    const out = await trpc('auth.logout', null, { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()).toEqual([expect.stringMatching(/^pp_session=;.*Max-Age=0/)]);
    expect(await me(cookie)).toBeNull();
  });

  it('a refusal past a limit carries Retry-After over tRPC as over REST, and a refusal of the other kind none', async () => {
    const email = `limit-${++seq}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await trpc('auth.forgotPassword', { email }, { ip: nextIp() })).status);
    const viaTrpc = await trpc('auth.forgotPassword', { email }, { ip: nextIp() });
    const viaRest = await call(t.request, '/api/auth/forgot-password', { email }, { ip: nextIp() });
    expect([...statuses, viaTrpc.status, viaRest.status]).toEqual([200, 200, 200, 429, 429]);
    for (const res of [viaTrpc, viaRest]) {
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(3500);
      expect(wait).toBeLessThanOrEqual(3600);
    }
    expect(viaTrpc.json.error.json.message).toBe('Too many reset requests. Please try again in 60 minutes.');
    expect(viaRest.json.error).toBe('Too many reset requests. Please try again in 60 minutes.');
    const wrong = await trpc('auth.login', { email, password: 'not the password' }, { ip: nextIp() });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('retry-after')).toBeNull();
  });

  it('a session past half its life gets its cookie again over tRPC, REST and on a page', async () => {
    for (const ask of [
      (cookie: string) => t.request(`/api/trpc/auth.me?input=${encodeURIComponent(JSON.stringify({ json: null }))}`, { headers: { Cookie: cookie } }),
      (cookie: string) => t.request('/api/auth/me', { headers: { Cookie: cookie } }),
      (cookie: string) => t.request('/account-settings', { headers: { Cookie: cookie } }),
    ]) {
      const r = await register();
      await t.db
        .update(userSessions)
        .set({ expiresAt: new Date(Date.now() + SESSION_TTL_MS / 2 - 60_000) })
        .where(eq(userSessions.userId, r.json.user.id));
      const res = await ask(r.cookie);
      expect(res.status).toBe(200);
      expect(sessionCookieFrom(res.headers)).toBe(r.cookie);
      expect(attributes(sessionLine(res.headers))).toBe(attributes(sessionLine(r.headers)));
      expect(Date.parse(/Expires=([^;]*)/.exec(sessionLine(res.headers)!)![1]!)).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 120_000);
    }
  });
});

describe('limits on the other doors', () => {
  it('counts current-password checks per user: the eleventh wrong one in 15 minutes is refused, a right one starts again', async () => {
    const r = await register();
    const change = (currentPassword: string) => call(t.request, '/api/auth/change-password', { currentPassword, newPassword: 'long enough' }, { cookie: r.cookie });
    for (let i = 0; i < 9; i++) expect((await change(`wrong-${i}-password`)).status).toBe(400);
    // The right password (here moving the e-mail) starts the count again.
    const moved = await call(t.request, '/api/profile', { email: `moved-${++seq}@example.com`, currentPassword: r.body.password }, { method: 'PUT', cookie: r.cookie });
    expect(moved.status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await change(`again-${i}-password`)).status).toBe(400);
    const refused = await change(r.body.password);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe('Too many failed attempts. Please try again in 15 minutes.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    // A profile change that carries no password is not a password check.
    expect((await call(t.request, '/api/profile', { name: 'Still Me' }, { method: 'PUT', cookie: r.cookie })).status).toBe(200);
  });

  it('tells a verified account so however often it asks for a verification e-mail', async () => {
    const r = await register();
    const token = tokenFrom((await lastMail(r.body.email, /verify/i))!.text, '/verify-email')!;
    expect((await call(t.request, `/api/auth/verify-email?token=${token}`)).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await call(t.request, '/api/auth/resend-verification', {}, { cookie: r.cookie });
      expect([res.status, res.json.alreadyVerified]).toEqual([200, true]);
    }
  });

  it('limits manage-link requests per booking, over REST and tRPC alike', async () => {
    const body = { confirmationNumber: 'PP-LIMIT0000', email: 'someone@example.com' };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(t.request, '/api/bookings/manage-link', body, { ip: nextIp() })).status);
    const viaTrpc = await call(t.request, '/api/trpc/bookings.requestManageLink', { json: body }, { ip: nextIp() });
    const viaRest = await call(t.request, '/api/bookings/manage-link', body, { ip: nextIp() });
    expect([...statuses, viaTrpc.status, viaRest.status]).toEqual([200, 200, 200, 429, 429]);
    expect(viaRest.json.error).toBe('Too many link requests. Please try again in 60 minutes.');
    expect(Number(viaTrpc.headers.get('retry-after'))).toBeGreaterThan(3500);
  });
});

describe('the Origin check', () => {
  it('refuses state-changing requests from a foreign origin', async () => {
    const r = await register();
    const res = await call(t.request, '/api/auth/logout', {}, { cookie: r.cookie, headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await me(r.cookie)).not.toBeNull();
    const tr = await call(t.request, '/api/trpc/auth.logout', {}, { cookie: r.cookie, headers: { Origin: 'https://evil.example' } });
    expect(tr.status).toBe(403);
    const noOrigin = await t.request('/api/auth/logout', { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site', Cookie: r.cookie } });
    expect(noOrigin.status).toBe(403);
  });
});

describe('profile and preferences', () => {
  it('requires sign-in', async () => {
    expect((await call(t.request, '/api/profile', { name: 'X' }, { method: 'PUT' })).status).toBe(401);
    expect((await call(t.request, '/api/profile/preferences')).status).toBe(401);
    expect((await call(t.request, '/api/auth/change-password', { currentPassword: 'a', newPassword: 'bbbbbbbb' })).status).toBe(401);
  });

  it('updates optional fields and never accepts a password', async () => {
    const r = await register();
    const ok = await call(
      t.request,
      '/api/profile',
      { name: 'Ada King', phone: '(555) 010-2000', city: 'Orlando', state: 'FL', zipCode: '32801' },
      { method: 'PUT', cookie: r.cookie },
    );
    expect(ok.status).toBe(200);
    expect(ok.json.user).toMatchObject({ name: 'Ada King', phone: '(555) 010-2000', city: 'Orlando', state: 'FL', zipCode: '32801', email: r.body.email });

    const pw = await call(t.request, '/api/profile', { password: 'new password!' }, { method: 'PUT', cookie: r.cookie });
    expect(pw.status).toBe(400);
    expect(pw.json.error).toMatch(/password cannot be changed here/i);
    expect((await login(r.body.email, r.body.password)).status).toBe(200);

    expect((await call(t.request, '/api/profile', { zipCode: 'abc' }, { method: 'PUT', cookie: r.cookie })).json.error).toBe('Please enter a valid ZIP code');
  });

  it('changes the e-mail only with the current password, tells the old address, and re-verifies the new one', async () => {
    const a = await register();
    const b = await register();
    const fresh = `moved-${++seq}@example.com`;
    const noProof = await call(t.request, '/api/profile', { email: fresh }, { method: 'PUT', cookie: b.cookie });
    expect(noProof.status).toBe(400);
    expect(noProof.json.error).toBe('Enter your current password to change your email.');
    const wrong = await call(t.request, '/api/profile', { email: fresh, currentPassword: 'not my password' }, { method: 'PUT', cookie: b.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe('Current password is incorrect');
    expect((await me(b.cookie)).email).toBe(b.body.email);

    const taken = await call(t.request, '/api/profile', { email: a.body.email, currentPassword: b.body.password }, { method: 'PUT', cookie: b.cookie });
    expect(taken.status).toBe(409);
    const reserved = await call(t.request, '/api/profile', { email: 'boss@parkpilot.example', currentPassword: b.body.password }, { method: 'PUT', cookie: b.cookie });
    expect(reserved.status).toBe(409);

    const moved = await call(t.request, '/api/profile', { email: fresh, currentPassword: b.body.password }, { method: 'PUT', cookie: b.cookie });
    expect(moved.json.user).toMatchObject({ email: fresh, emailVerified: 0 });
    expect(await lastMail(fresh, /verify/i)).toBeTruthy();
    const notice = await lastMail(b.body.email, /email address was changed/i);
    expect(notice?.text).toContain('was just changed to m');
    expect(notice?.text).not.toContain(fresh);
    // Other profile fields need no password.
    expect((await call(t.request, '/api/profile', { name: 'Still Me', email: fresh }, { method: 'PUT', cookie: b.cookie })).status).toBe(200);
  });

  it('gives an address to one of two accounts moving onto it at the same moment, and 409 to the other', async () => {
    const a = await register();
    const b = await register();
    const fresh = `contested-${++seq}@example.com`;
    const moves = await Promise.all([a, b].map((r) => call(t.request, '/api/profile', { email: fresh, currentPassword: r.body.password }, { method: 'PUT', cookie: r.cookie })));
    expect(moves.map((m) => m.status).sort()).toEqual([200, 409]);
    expect(moves.find((m) => m.status === 409)!.json.error).toBe('An account with this email already exists');
  });

  it('stores preferences on the server, with every notification on by default', async () => {
    const r = await register();
    const initial = await call(t.request, '/api/profile/preferences', undefined, { cookie: r.cookie });
    expect(initial.json).toMatchObject({ emailNotifications: 1, smsNotifications: 1, marketingEmails: 1, vehicleMake: null });
    const put = await call(
      t.request,
      '/api/profile/preferences',
      { marketingEmails: false, vehicleMake: 'Honda', vehicleModel: 'Civic', licensePlate: 'ABC123' },
      { method: 'PUT', cookie: r.cookie },
    );
    expect(put.status).toBe(200);
    const after = await call(t.request, '/api/profile/preferences', undefined, { cookie: r.cookie });
    expect(after.json).toMatchObject({ emailNotifications: 1, marketingEmails: 0, vehicleMake: 'Honda', vehicleModel: 'Civic', licensePlate: 'ABC123' });
    expect((await call(t.request, '/api/profile/preferences', { nonsense: 1 }, { method: 'PUT', cookie: r.cookie })).status).toBe(400);
  });
});

describe('password change', () => {
  it('validates with the spec messages', async () => {
    const r = await register();
    const missing = await call(t.request, '/api/auth/change-password', { currentPassword: '', newPassword: 'long enough' }, { cookie: r.cookie });
    expect(missing.json.error).toBe('Current password is required');
    const short = await call(t.request, '/api/auth/change-password', { currentPassword: r.body.password, newPassword: 'short' }, { cookie: r.cookie });
    expect(short.json.error).toBe('New password must be at least 8 characters');
    const wrong = await call(t.request, '/api/auth/change-password', { currentPassword: 'not it at all', newPassword: 'long enough' }, { cookie: r.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe('Current password is incorrect');
  });

  it('changes the password and ends the other sessions but not this one', async () => {
    const r = await register();
    const other = await login(r.body.email, r.body.password);
    const res = await call(t.request, '/api/auth/change-password', { currentPassword: r.body.password, newPassword: 'a brand new secret' }, { cookie: r.cookie });
    expect(res.status).toBe(200);
    expect(await me(r.cookie)).not.toBeNull();
    expect(await me(other.cookie)).toBeNull();
    expect((await login(r.body.email, r.body.password)).status).toBe(401);
    expect((await login(r.body.email, 'a brand new secret')).status).toBe(200);
  });
});

describe('e-mail verification', () => {
  it('verifies with the mailed link once', async () => {
    const r = await register();
    const mail = await lastMail(r.body.email, /verify/i);
    const token = tokenFrom(mail!.text, '/verify-email')!;
    expect(token).toBeTruthy();
    expect(mail!.html).toContain(token);
    const ok = await call(t.request, `/api/auth/verify-email?token=${token}`);
    expect(ok.status).toBe(200);
    expect((await me(r.cookie)).emailVerified).toBe(1);
    const again = await call(t.request, `/api/auth/verify-email?token=${token}`);
    expect(again.status).toBe(400);
    expect(again.json.error).toBe('This verification link is invalid or has already been used.');
    expect((await call(t.request, '/api/auth/verify-email')).status).toBe(400);
  });

  it('limits verification resends', async () => {
    const r = await register();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(t.request, '/api/auth/resend-verification', {}, { cookie: r.cookie })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('forgotten password', () => {
  it('answers the same for unknown e-mails and mails a single-use one-hour link for known ones', async () => {
    const r = await register();
    const unknown = await call(t.request, '/api/auth/forgot-password', { email: `ghost-${seq}@example.com` }, { ip: nextIp() });
    const known = await call(t.request, '/api/auth/forgot-password', { email: r.body.email }, { ip: nextIp() });
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);

    const mail = await lastMail(r.body.email, /reset/i);
    const token = tokenFrom(mail!.text, '/reset-password')!;
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.token, sha256(token)));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    const short = await call(t.request, '/api/auth/reset-password', { token, password: 'short' });
    expect(short.json.error).toBe('Password must be at least 8 characters');
    const ok = await call(t.request, '/api/auth/reset-password', { token, password: 'reset and ready' });
    expect(ok.status).toBe(200);
    expect(await me(r.cookie)).toBeNull(); // every session ends with a reset
    expect((await login(r.body.email, 'reset and ready')).status).toBe(200);
    const reused = await call(t.request, '/api/auth/reset-password', { token, password: 'another one here' });
    expect(reused.status).toBe(400);
    expect(reused.json.error).toBe('This reset link is invalid or has expired.');
  });

  it('refuses an expired link', async () => {
    const r = await register();
    await call(t.request, '/api/auth/forgot-password', { email: r.body.email }, { ip: nextIp() });
    const token = tokenFrom((await lastMail(r.body.email, /reset/i))!.text, '/reset-password')!;
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(passwordResetTokens.token, sha256(token)));
    expect((await call(t.request, '/api/auth/reset-password', { token, password: 'reset and ready' })).status).toBe(400);
  });

  it('limits reset requests per e-mail', async () => {
    const r = await register();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(t.request, '/api/auth/forgot-password', { email: r.body.email }, { ip: nextIp() })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('Google sign-in', () => {
  it('sends the browser home with a message when Google is not configured', async () => {
    const res = await t.request('/auth/google');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?auth_error=google_unavailable');
  });

  describe('when configured', () => {
    let g: TestApp;
    beforeAll(async () => {
      g = await createTestApp({ GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' });
    });
    afterAll(() => g.close());
    afterEach(() => vi.unstubAllGlobals());

    const idToken = (claims: Record<string, unknown>) => ['{"alg":"none","typ":"JWT"}', JSON.stringify(claims)].map((p) => Buffer.from(p).toString('base64url')).join('.') + '.sig';

    /** Starts the flow and completes the callback with Google's token endpoint stubbed. */
    async function signInWithGoogle(claims: Record<string, unknown>) {
      const start = await g.request('/auth/google');
      const location = new URL(start.headers.get('location')!);
      const cookies = start.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const fetchStub = vi.fn(
        async () =>
          new Response(JSON.stringify({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken(claims) }), {
            headers: { 'Content-Type': 'application/json' },
          }),
      );
      vi.stubGlobal('fetch', fetchStub);
      const cb = await g.request(`/auth/google/callback?code=the-code&state=${location.searchParams.get('state')}`, { headers: { Cookie: cookies } });
      return { start, location, cb, fetchStub, cookie: sessionCookieFrom(cb.headers) };
    }

    it('redirects to Google with PKCE and keeps state and verifier in short-lived HttpOnly cookies', async () => {
      const res = await g.request('/auth/google');
      const url = new URL(res.headers.get('location')!);
      expect(url.origin).toBe('https://accounts.google.com');
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('redirect_uri')).toBe(`${g.env.APP_URL}/auth/google/callback`);
      const cookies = res.headers.getSetCookie();
      expect(cookies.find((c) => c.startsWith('pp_google_state='))).toMatch(/HttpOnly.*Max-Age=600/);
      expect(cookies.find((c) => c.startsWith('pp_google_verifier='))).toMatch(/HttpOnly/);
    });

    it('creates a verified Google account and signs it in', async () => {
      const email = `g-${++seq}@gmail.example`;
      const { cb, fetchStub, cookie } = await signInWithGoogle({ sub: `google-${seq}`, email, email_verified: true, name: 'Grace Hopper' });
      expect(fetchStub).toHaveBeenCalledOnce();
      expect(cb.status).toBe(302);
      expect(cb.headers.get('location')).toBe('/');
      const user = (await call(g.request, '/api/auth/me', undefined, { cookie })).json.user;
      expect(user).toMatchObject({ email, name: 'Grace Hopper', authProvider: 'google', emailVerified: 1, hasPassword: false });
    });

    it('links an existing account only when Google and the account have both verified the e-mail, ending its other sessions', async () => {
      const email = `link-${++seq}@example.com`;
      const reg = await call(g.request, '/api/auth/register', { name: 'Linus', email, password: 'local password' });
      const localCookie = sessionCookieFrom(reg.headers)!;
      const unverified = await signInWithGoogle({ sub: `u-${seq}`, email, email_verified: false });
      expect(unverified.cb.headers.get('location')).toBe('/?auth_error=google_unverified');
      expect(unverified.cookie).toBeUndefined();
      // The account never proved the address (anyone could have registered or booked with it): no link.
      const unproven = await signInWithGoogle({ sub: `v-${seq}`, email, email_verified: true });
      expect(unproven.cb.headers.get('location')).toBe('/?auth_error=google_link_unverified');
      expect(unproven.cookie).toBeUndefined();
      expect((await g.db.select().from(users).where(eq(users.email, email)))[0]!.googleId).toBeNull();

      await g.db.update(users).set({ emailVerified: 1 }).where(eq(users.email, email));
      const verified = await signInWithGoogle({ sub: `v-${seq}`, email, email_verified: true });
      expect(verified.cb.headers.get('location')).toBe('/');
      const [row] = await g.db.select().from(users).where(eq(users.email, email));
      expect(row!.googleId).toBe(`v-${seq}`);
      expect(row!.authProvider).toBe('local');
      expect(row!.role).toBe('user');
      expect((await call(g.request, '/api/auth/me', undefined, { cookie: localCookie })).json.user).toBeNull();
      expect((await call(g.request, '/api/auth/me', undefined, { cookie: verified.cookie })).json.user.email).toBe(email);
    });

    it('refuses a callback whose state does not match', async () => {
      const start = await g.request('/auth/google');
      const cookies = start.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const fetchStub = vi.fn();
      vi.stubGlobal('fetch', fetchStub);
      const cb = await g.request('/auth/google/callback?code=x&state=forged', { headers: { Cookie: cookies } });
      expect(cb.headers.get('location')).toBe('/?auth_error=google_failed');
      expect(fetchStub).not.toHaveBeenCalled();
    });
  });
});

describe('the administrator bootstrap', () => {
  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD once, and never without a password', async () => {
    const { ensureAdmin } = await import('@/server/modules/auth/auth.service');
    const a = await createTestApp();
    try {
      expect(await ensureAdmin(a.db, { ADMIN_EMAIL: 'root@parkpilot.example', ADMIN_PASSWORD: undefined })).toBe('skipped');
      expect(await ensureAdmin(a.db, { ADMIN_EMAIL: 'root@parkpilot.example', ADMIN_PASSWORD: 'a long admin secret' })).toBe('created');
      expect(await ensureAdmin(a.db, { ADMIN_EMAIL: 'root@parkpilot.example', ADMIN_PASSWORD: 'a long admin secret' })).toBe('exists');
      const signedIn = await call(a.request, '/api/auth/login', { email: 'root@parkpilot.example', password: 'a long admin secret' });
      expect(signedIn.json.user.role).toBe('admin');
    } finally {
      await a.close();
    }
  });

  it('creates one administrator when several servers boot at the same moment', async () => {
    const { ensureAdmin } = await import('@/server/modules/auth/auth.service');
    const a = await createTestApp();
    try {
      const env = { ADMIN_EMAIL: 'first@parkpilot.example', ADMIN_PASSWORD: 'a long admin secret' };
      const outcomes = await Promise.all([ensureAdmin(a.db, env), ensureAdmin(a.db, env), ensureAdmin(a.db, env)]);
      expect(outcomes.sort()).toEqual(['created', 'exists', 'exists']);
      const admins = await a.db.select().from(users).where(eq(users.email, 'first@parkpilot.example'));
      expect(admins).toHaveLength(1);
      expect(admins[0]!.role).toBe('admin');
    } finally {
      await a.close();
    }
  });

  it('takes an admin address someone registered away from them: password reset, sessions ended, then the role', async () => {
    const { ensureAdmin } = await import('@/server/modules/auth/auth.service');
    const a = await createTestApp({ ADMIN_EMAIL: 'chief@parkpilot.example' });
    try {
      const squatter = await call(a.request, '/api/auth/register', { name: 'Squatter', email: 'chief@parkpilot.example', password: 'squatter password' });
      const cookie = sessionCookieFrom(squatter.headers)!;
      expect(squatter.json.user.role).toBe('user');
      expect(await ensureAdmin(a.db, { ADMIN_EMAIL: 'chief@parkpilot.example', ADMIN_PASSWORD: 'the real admin secret' })).toBe('granted');
      expect((await call(a.request, '/api/auth/me', undefined, { cookie })).json.user).toBeNull();
      expect((await call(a.request, '/api/auth/login', { email: 'chief@parkpilot.example', password: 'squatter password' })).status).toBe(401);
      const admin = await call(a.request, '/api/auth/login', { email: 'chief@parkpilot.example', password: 'the real admin secret' });
      expect(admin.json.user.role).toBe('admin');
    } finally {
      await a.close();
    }
  });
});

describe('pages know who is signed in', () => {
  it('renders the user menu and account settings on the server for a signed-in visitor', async () => {
    const r = await register({ name: 'Server Side' });
    const home = await (await t.request('/', { headers: { Cookie: r.cookie } })).text();
    expect(home).toContain('aria-label="Account menu"');
    expect(home).toContain('>SS</span>');
    const settings = await (await t.request('/account-settings', { headers: { Cookie: r.cookie } })).text();
    expect(settings).toContain('value="Server Side"');
    expect(settings).toContain('<meta name="robots" content="noindex"');
  });

  it('renders the signed-out state without a session', async () => {
    const home = await (await t.request('/')).text();
    expect(home).not.toContain('aria-label="Account menu"');
    expect(home).toContain('>Sign In</button>');
    const settings = await (await t.request('/account-settings')).text();
    expect(settings).toContain('Please log in to access account settings.');
  });
});
