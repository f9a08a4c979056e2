// Nothing secret in logs or shared caches (issue 26, item 8), through HTTP: a guest's manage-link journey over
// REST and tRPC (GET queries carry their input in the URL) leaves no token, e-mail or card number in the request
// log; error and mail lines are redacted by the same list; '/MANAGE/…' is the manage page to the router and so
// never enters the anonymous page cache; a malformed date in a page address is ignored without a stack trace.
import { afterAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '@/server/integrations/mailer/outbox';
import { routes } from '@/client/routes';
import { SHARED_ROUTES } from '@/server/page-cache';
import { createLogger, routeConsoleTo, runWithRequestId } from '@/server/observability/log';
import { redactText, redactUrl, redactValue } from '@/server/redact';
import { dayFromToday } from '@/shared/pricing';
import { createBooking, stayAt } from '../support/factories';
import { call } from '../support/http';
import { mailedTokens, scanLog, unstructuredLines } from '../e2e/log-scan';
import { logged } from '../support/console';
import { createTestApp } from '../support/test-app';

const t = await createTestApp({ LOG_REQUESTS: '1' });
afterAll(() => t.close());

const trpcGet = (procedure: string, input: unknown) => t.request(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);

/** A guest's booking and the manage link of its confirmation e-mail. */
async function guestBooking(email: string) {
  const booked = await createBooking(t, {
    lot: 1,
    email,
    arrival: stayAt(20),
    departure: stayAt(23),
    customer: { firstName: 'Grace', lastName: 'Hopper' },
    reservation: { licensePlate: 'SECRETPL8' },
  });
  const confirmation = booked.confirmationNumber;
  const mail = (await t.outbox()).find((m) => m.to.includes(email) && m.subject.startsWith('Booking confirmed'))!;
  const token = new RegExp(`/manage/${confirmation}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
  return { confirmation, token };
}

describe('the request log after a manage-link journey', () => {
  it('holds no token, e-mail or card number, through REST, tRPC queries (input=) and the pages', async () => {
    const email = 'grace.hopper@example.com';
    let booking!: Awaited<ReturnType<typeof guestBooking>>;
    const log = await logged(async () => {
      booking = await guestBooking(email);
      const { confirmation, token } = booking;
      expect((await t.request(`/manage/${confirmation}?token=${token}`)).status).toBe(200);
      expect((await t.request(`/thank-you?confirmation=${confirmation}&token=${token}`)).status).toBe(200);
      expect((await call(t.request, `/api/bookings/${confirmation}/manage?token=${token}`)).status).toBe(200);
      // The browser's own calls: tRPC GETs carry their input in the query string, one procedure or a batch.
      expect((await trpcGet('bookings.manage', { confirmationNumber: confirmation, token })).status).toBe(200);
      const batch = encodeURIComponent(JSON.stringify({ 0: { json: { confirmationNumber: confirmation, token } }, 1: { json: null } }));
      expect((await t.request(`/api/trpc/bookings.manage,auth.me?batch=1&input=${batch}`)).status).toBe(200);
      await trpcGet('bookings.getByLink', { confirmationNumber: confirmation, token });
      await trpcGet('search.providers', { location: 'MCO', email, cardNumber: '4242424242424242' });
    });
    // Each request is one JSON line under its route pattern, never its raw path or query string.
    const lines = log.split('\n').map((l) => JSON.parse(l) as { route: string; msg: string });
    const routes = lines.map((l) => l.route);
    expect(routes).toContain('/api/trpc/bookings.manage');
    expect(routes).toContain('/api/trpc/bookings.manage,auth.me');
    expect(routes).toContain('page /manage/:confirmation');
    expect(routes).toContain('/api/bookings/:confirmationNumber/manage');
    expect(log).not.toContain('?');
    for (const secret of [booking.token, encodeURIComponent(booking.token), 'grace.hopper', 'grace.hopper%40', '4242424242424242', '4242 4242 4242 4242']) {
      expect(log, secret).not.toContain(secret);
    }
    // The e2e suite's log scan (tests/e2e/log-scan.ts) passes this log, and would fail the unredacted one.
    const mailed = mailedTokens(t.env.OUTBOX_DIR);
    expect(mailed).toContain(booking.token);
    expect(scanLog(log, mailed)).toEqual([]);
    const leaked = scanLog(
      `GET /manage/${booking.confirmation}?token=${booking.token} 200 3ms\nCookie: pp_session=abc123def456\ncharged 4242 4242 4242 4242\nmail to grace.hopper@example.com (a***@example.com is fine)`,
      mailed,
    );
    expect(leaked).toHaveLength(6); // the mailed token, as a bare token and as a parameter; the cookie; the card; the address
    expect(unstructuredLines(log)).toEqual([]);
    expect(unstructuredLines('{"msg":"request","requestId":"a"}\n{"msg":"boot"}\nplain text')).toHaveLength(2);
  });

  it('redacts tRPC input fields by name, query parameters by name, and drops private query strings', () => {
    const input = encodeURIComponent(JSON.stringify({ json: { confirmationNumber: 'PP-ABCDEFGH', token: 'x'.repeat(40), sort: 'price' } }));
    const line = redactUrl(`/api/trpc/bookings.manage?input=${input}`);
    expect(decodeURIComponent(line)).toBe('/api/trpc/bookings.manage?input={"json":{"confirmationNumber":"[redacted]","token":"[redacted]","sort":"price"}}');
    expect(redactUrl('/api/trpc/x?input=%7Bnot-json')).toBe('/api/trpc/x?input=[redacted]');
    expect(redactUrl('/api/x?token=abc&page=2&email=a@b.co&idempotencyKey=k')).toBe('/api/x?token=[redacted]&page=2&email=[redacted]&idempotencyKey=[redacted]');
    expect(redactUrl('/MANAGE/PP-1?token=abc')).toBe('/MANAGE/PP-1?[redacted]');
  });

  it('redacts free text (error lines) and values (structured logs) with the same list', () => {
    const token = 'abcdefghijklmnopqrstuvwxyz234567abcdefgh'; // our tokens: 40 base32 characters
    expect(redactText(`failed query: params: ${token},ada@example.com`)).toBe('failed query: params: [redacted],a***@example.com');
    expect(redactText('Cookie: pp_session=s3cr3t; pp_guest=g3st; theme=dark')).toBe('Cookie: pp_session=[redacted]; pp_guest=[redacted]; theme=dark');
    expect(redactText('body {"cardNumber":"4000 0000 0000 0002","cvv":"123","name":"Ada"}')).toBe('body {"cardNumber":"[redacted]","cvv":"[redacted]","name":"Ada"}');
    expect(redactText('charged 4242-4242-4242-4242 at 1732406400000')).toBe('charged [card] at 1732406400000');
    // The shortest card numbers (13 digits) and a request id (passed through as it is).
    expect(redactText('card 4222222222222')).toBe('card [card]');
    expect(redactText('0f5a2c1e-7b3d-4e21-9a60-12d4c8e9f0b7')).toBe('0f5a2c1e-7b3d-4e21-9a60-12d4c8e9f0b7');
    expect(redactValue({ booking: { token: 'x', licensePlate: 'ABC', customer: { email: 'e@x.io', phone: '555' } }, ok: true })).toEqual({
      booking: { token: '[redacted]', licensePlate: 'ABC', customer: { email: '[redacted]', phone: '[redacted]' } },
      ok: true,
    });
  });

  it('routes every console line of the server process through the redacting logger (index.ts installs it)', () => {
    const lines: string[] = [];
    const logger = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, { write: (l: string) => void lines.push(l) });
    const noop = (..._args: unknown[]) => undefined;
    const target = { log: noop, info: noop, warn: noop, error: noop, debug: noop };
    routeConsoleTo(logger, target);
    runWithRequestId('req-1', () => target.error('tRPC bookings.manage failed:', new Error('GET /thank-you?confirmation=PP-1&token=abcdefghijklmnopqrstuvwxyz234567abcdefgh')));
    target.log('mail to ada.lovelace@example.com, card 4242 4242 4242 4242');
    const [error, info] = lines.map((l) => JSON.parse(l) as Record<string, any>);
    expect(error).toMatchObject({ level: 'error', requestId: 'req-1', msg: 'tRPC bookings.manage failed:' });
    expect(error!.err.message).toBe('GET /thank-you?confirmation=[redacted]&token=[redacted]');
    expect(error!.err.stack).toMatch(/^Error: GET \/thank-you\?confirmation=\[redacted\]&token=\[redacted\]\n\s+at /);
    expect(info).toMatchObject({ level: 'info', msg: 'mail to a***@example.com, card [card]' });
    expect(info!.requestId).toBeUndefined();
  });

  it('the outbox mail line masks the recipient, and the file it names carries no address', async () => {
    const lines: string[] = [];
    const mailer = createOutboxMailer({ dir: `${t.dir}/mail-line`, from: 'ParkPilot <no-reply@parkpilot.example>', log: (l) => lines.push(l) });
    await mailer.send({ to: 'ada.lovelace@example.com', subject: 'Manage booking PP-ABCDEFGH', text: 'x', html: '<p>x</p>', kind: 'manage-link' });
    expect(lines[0]).toMatch(/^Mail \(outbox\): "Manage booking PP-ABCDEFGH" to a\*\*\*@example\.com → .*\/mail-line\/[\w-]+-manage-link-[0-9a-f]{6}\.eml$/);
  });
});

describe('the anonymous page cache', () => {
  it('never caches a manage page, however its path is written', async () => {
    const { confirmation, token } = await guestBooking('cache-case@example.com');
    for (const path of [`/MANAGE/${confirmation}?token=${token}`, `/Manage/${confirmation}?token=${token}`, `/manage/${confirmation}?token=${token}`]) {
      const first = await t.request(path);
      expect(first.status, path).toBe(200);
      expect(await first.text(), path).toContain('SECRETPL8'); // the link's holder sees the booking...
      const second = await t.request(path);
      expect(second.headers.get('x-cache'), path).toBeNull(); // ...rendered for them, never kept for the next
      expect(second.headers.get('cache-control'), path).toBe('no-store');
    }
    // The link's page without the token shows nothing of the booking (it was never cached).
    const bare = await (await t.request(`/MANAGE/${confirmation}`)).text();
    expect(bare).not.toContain('SECRETPL8');
    expect(bare).not.toContain('cache-case@example.com');
    for (const path of ['/BOOKING', '/Thank-You', '/ACCOUNT-SETTINGS', '/Payment-Methods', '/ADMIN', '/Gate', '/RESET-PASSWORD?token=x', '/Verify-Email?token=x']) {
      await t.request(path);
      expect((await t.request(path)).headers.get('x-cache'), path).toBeNull();
    }
    // The list of shared pages names only real routes, none of them personal.
    const paths = routes.map((r) => r.path);
    for (const path of SHARED_ROUTES) expect(paths, path).toContain(path);
    for (const path of [
      '/booking',
      '/thank-you',
      '/manage',
      '/manage/:confirmation',
      '/account-settings',
      '/payment-methods',
      '/admin',
      '/admin/login',
      '/gate',
      '/verify-email',
      '/forgot-password',
      '/reset-password',
    ]) {
      expect(paths, path).toContain(path);
      expect(SHARED_ROUTES.has(path), path).toBe(false);
    }
    // Public pages stay shared whatever the case of their address.
    await t.request('/HOW-IT-WORKS');
    expect((await t.request('/HOW-IT-WORKS')).headers.get('x-cache')).toBe('HIT');
  });
});

describe('a malformed date in a page address', () => {
  it('is ignored: the page renders with its default dates, and nothing is logged but the request line', async () => {
    const paths = [
      '/?arrivalDate=2026-13-45',
      '/?arrivalDate=garbage&departureDate=%FF%FE',
      '/?location=MCO&arrivalDate=2026-13-45&departureDate=2026-02-30',
      '/?location=MCO&arrivalDate=2026-02-30T25:99',
      '/orlando-fl-mco-airport-parking?arrivalDate=not-a-date',
      '/locations/orlando-international-airport?arrivalDate=x&departureDate=y',
      '/booking?providerId=1&providerName=x&arrivalDate=garbage&departureDate=9999-99-99',
    ];
    const statuses: number[] = [];
    const log = await logged(async () => {
      for (const p of paths) statuses.push((await t.request(p)).status);
    });
    expect(statuses).toEqual(paths.map(() => 200));
    const lines = log.split('\n').map((l) => JSON.parse(l) as { msg: string; method: string; status: number });
    expect(lines).toHaveLength(paths.length);
    for (const line of lines) expect(line).toMatchObject({ msg: 'request', method: 'GET', status: 200 });
    // The results are the default window's (tomorrow), as if no date had been given.
    const html = await (await t.request('/?location=MCO&arrivalDate=2026-13-45')).text();
    expect(html).toContain(`value="${dayFromToday(1)}"`);
  });
});
