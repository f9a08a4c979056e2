// Test data made the one way, for the integration tests (tests/integration) and the Playwright fixtures
// (tests/e2e/fixtures.ts): users with a signed-in session, lots, bookings through the real checkout, the
// checkout request body, and a payments gateway that records what it was asked to do. No test framework is
// imported here (Playwright loads this file too); a factory that fails throws.
import { eq } from 'drizzle-orm';
import type { DB } from '@/server/db/client';
import { locations, parkingProviders, userPreferences, users } from '@/server/db/schema';
import { bumpContentVersion } from '@/server/content-version';
import { createSandboxGateway, type ChargeInput, type PaymentIntent, type SandboxGateway } from '@/server/integrations/payments';
import { hashPassword } from '@/server/modules/auth/password';
import { createSession, SESSION_COOKIE } from '@/server/modules/auth/session';
import { distanceFrom, insertLotWithSlug } from '@/server/modules/catalogue-admin/lot-rows';
import { cents, type Cents } from '@/shared/money';
import { dayFromToday } from '@/shared/pricing';
import { call } from './http';

/** What the factories need of a test app (tests/support/test-app.ts): its database, and its HTTP entry for checkout. */
interface App {
  db: DB;
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
}

let seq = 0;
/** A unique suffix: test files run in parallel workers, and the e2e projects share one server. */
const unique = () => `${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

// ---------------------------------------------------------------------------------------------------------
// Users

/** The password every factory user has unless told otherwise (long enough for the sign-up rules). */
export const TEST_PASSWORD = 'long enough password';

export interface UserOptions {
  email?: string;
  name?: string;
  role?: 'user' | 'admin';
  /** The e-mail proved (as the verification link would mark it; guest records are not claimed by this). */
  verified?: boolean;
  /** Null: an account with no password (as Google sign-in makes). */
  password?: string | null;
  phone?: string;
}

export interface TestUser {
  id: number;
  email: string;
  name: string;
  role: 'user' | 'admin';
  /** The password to sign in with (TEST_PASSWORD unless given); null for an account with none. */
  password: string | null;
}

/** Argon2 is slow on purpose: each password is hashed once per process (a fresh salt per user is not the point). */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

/**
 * Writes an account and a session straight into `db` (the rows sign-up writes: the user and its preferences;
 * no welcome or verification mail), with the app's own session helper. Returns the session's token: the value
 * of the `pp_session` cookie.
 */
export async function insertUser(db: DB, opts: UserOptions = {}): Promise<{ user: TestUser; token: string; expiresAt: Date }> {
  const email = (opts.email ?? `user-${unique()}@example.com`).toLowerCase();
  const password = opts.password === undefined ? TEST_PASSWORD : opts.password;
  const [row] = await db
    .insert(users)
    .values({
      name: opts.name ?? 'Test Traveller',
      email,
      password: password === null ? null : await hashOnce(password),
      phone: opts.phone ?? null,
      role: opts.role ?? 'user',
      emailVerified: opts.verified ? 1 : 0,
    })
    .returning();
  await db.insert(userPreferences).values({ userId: row!.id });
  const { token, session } = await createSession(db, row!.id);
  return { user: { id: row!.id, email: row!.email, name: row!.name, role: row!.role, password }, token, expiresAt: session.expiresAt };
}

/** A signed-in account: the user, and the `Cookie` header value of its session (`pp_session=...`). */
export async function createUser(t: Pick<App, 'db'>, opts: UserOptions = {}): Promise<{ user: TestUser; cookie: string }> {
  const { user, token } = await insertUser(t.db, opts);
  return { user, cookie: `${SESSION_COOKIE}=${token}` };
}

// ---------------------------------------------------------------------------------------------------------
// Lots

export type TestLot = typeof parkingProviders.$inferSelect & { state: string; placeCode: string };

export interface LotOptions extends Partial<Omit<typeof parkingProviders.$inferInsert, 'id' | 'slug' | 'locationId'>> {
  /** The place's code (an airport or cruise port of the seed): MCO unless told. */
  place?: string;
}

/**
 * A lot of its own at a seeded place, written as the back office writes one (the distance measured from the
 * place, a unique slug, the content version bumped so caches see it). Amounts are cents: `priceCents:
 * cents(1000)` is $10 a day. Defaults: $10 a day, no weekly rate, 40 spaces, free cancellation 24 hours ahead.
 */
export async function createLot(t: Pick<App, 'db'>, opts: LotOptions = {}): Promise<TestLot> {
  const { place: code = 'MCO', ...over } = opts;
  const [place] = await t.db.select().from(locations).where(eq(locations.code, code));
  if (!place) throw new Error(`createLot: no place ${code} in the seed`);
  const point = { latitude: over.latitude ?? place.latitude + 0.01, longitude: over.longitude ?? place.longitude };
  const row = await t.db.transaction(async (tx) => {
    const lot = await insertLotWithSlug(tx, {
      locationId: place.id,
      name: `Test Lot ${unique()}`,
      location: place.name,
      address: `1 Test Rd, ${place.city}, ${place.state}`,
      ...point,
      ...distanceFrom(place, point),
      priceCents: cents(1000),
      weeklyRateCents: null,
      capacity: 40,
      cancellationPolicy: 'Free cancellation up to 24 hours before arrival',
      ...over,
    });
    await bumpContentVersion(tx);
    return lot;
  });
  return { ...row, state: place.state, placeCode: place.code };
}

// ---------------------------------------------------------------------------------------------------------
// Checkout

/** Stripe's public test number that succeeds; 4000 0000 0000 0002 is declined (sandbox and Stripe alike). */
export const TEST_CARD = '4242 4242 4242 4242';
/** The sandbox card form's fields, as checkout and a change of dates take them. */
export const CARD_FIELDS = { cardNumber: TEST_CARD, expirationDate: '12/34', cvv: '123', billingZip: '32801' };

/** A stay's wall-clock time at the lot, `days` from today ('YYYY-MM-DDTHH:mm'). */
export const stayAt = (days: number, time = '09:00') => `${dayFromToday(days)}T${time}`;

export interface CheckoutOptions {
  /** The traveller's e-mail (a unique guest address unless told). */
  email?: string;
  /** 'YYYY-MM-DDTHH:mm' at the lot; 20 days ahead at 09:00 unless told. */
  arrival?: string;
  /** 'YYYY-MM-DDTHH:mm' at the lot; two days after the default arrival unless told. */
  departure?: string;
  /** A card number typed in the sandbox card form (TEST_CARD unless told). */
  card?: string;
  /** Pays with this payment method (a saved card, or one Stripe.js made) instead of a typed card. */
  paymentMethodId?: string;
  /** Fields of each group, over the defaults (a test of validation may set one to undefined or to junk). */
  customer?: object;
  reservation?: object;
  payment?: object;
}

/** The body of POST /api/bookings/automated (tRPC bookings.create takes the same): a valid booking unless told. */
export function checkoutRequest(providerId: number, opts: CheckoutOptions = {}) {
  return {
    providerId,
    customerInfo: { firstName: 'Ada', lastName: 'Lovelace', email: opts.email ?? `guest-${unique()}@example.com`, phone: '555-010-0100', ...opts.customer },
    reservationDetails: {
      arrivalDate: opts.arrival ?? stayAt(20),
      departureDate: opts.departure ?? stayAt(22),
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      licensePlate: 'ABC123',
      ...opts.reservation,
    },
    paymentInfo: opts.paymentMethodId ? { paymentMethodId: opts.paymentMethodId, ...opts.payment } : { ...CARD_FIELDS, cardNumber: opts.card ?? TEST_CARD, ...opts.payment },
  };
}

/** Posts a checkout body; signed in with `cookie`, else as a guest; `key` is the Idempotency-Key. */
export function checkout(t: Pick<App, 'request'>, body: unknown, opts: { cookie?: string; key?: string; headers?: Record<string, string> } = {}) {
  return call(t.request, '/api/bookings/automated', body, { cookie: opts.cookie, headers: { ...(opts.key ? { 'Idempotency-Key': opts.key } : {}), ...opts.headers } });
}

export interface BookingOptions extends CheckoutOptions {
  /** Books signed in as this user (its e-mail is the booking's unless `email` says otherwise); a guest otherwise. */
  user?: { user: TestUser; cookie: string };
  /** Books signed in with this session cookie (the e-mail stays a guest address unless `email` is given). */
  cookie?: string;
  /** The lot (or its id); a new one of its own (createLot) unless told. */
  lot?: number | { id: number };
  /** Days from today to the arrival (09:00 at the lot); 20 unless `arrival` is given. */
  startIn?: number;
  /** Length of the stay in days; 2 unless `departure` is given. */
  days?: number;
  /** The Idempotency-Key header. */
  key?: string;
}

/**
 * A paid booking through the real checkout (POST /api/bookings/automated). Throws unless it is confirmed.
 * A guest's booking comes back with its manage token (`viewToken`).
 */
export async function createBooking(t: App, opts: BookingOptions = {}) {
  const lotId = opts.lot === undefined ? (await createLot(t)).id : typeof opts.lot === 'number' ? opts.lot : opts.lot.id;
  const startIn = opts.startIn ?? 20;
  const email = opts.email ?? opts.user?.user.email;
  const body = checkoutRequest(lotId, {
    ...opts,
    email,
    arrival: opts.arrival ?? stayAt(startIn),
    departure: opts.departure ?? stayAt(startIn + (opts.days ?? 2)),
  });
  const res = await checkout(t, body, { cookie: opts.cookie ?? opts.user?.cookie, key: opts.key });
  if (res.status !== 200) throw new Error(`createBooking: checkout answered ${res.status}: ${res.text}`);
  return {
    id: res.json.booking.id as number,
    confirmationNumber: res.json.confirmationNumber as string,
    viewToken: (res.json.viewToken ?? null) as string | null,
    email: body.customerInfo.email,
    lotId,
    json: res.json,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Payments

type Charge = (input: ChargeInput) => Promise<PaymentIntent>;

/**
 * The sandbox gateway, recording every charge it made and every refund it issued, in order. Give
 * `payments` to createTestApp (`createTestApp({}, { payments: rec.payments })`). `around` wraps each charge,
 * for a test that makes the gateway slow, hang or lose its answer: it gets the input and the recording
 * charge, and returns (or throws) what the app sees.
 */
export function recordingGateway(opts: { around?: (input: ChargeInput, charge: Charge) => Promise<PaymentIntent> } = {}) {
  const charges: PaymentIntent[] = [];
  const refunds: { paymentIntentId: string; amount: Cents; id: string }[] = [];
  let gateway: SandboxGateway | undefined;
  return {
    charges,
    refunds,
    payments: (db: DB): SandboxGateway => {
      const g = createSandboxGateway(db);
      const charge = g.charge.bind(g);
      const refund = g.refund.bind(g);
      const recorded: Charge = async (input) => {
        const intent = await charge(input);
        charges.push(intent);
        return intent;
      };
      g.charge = (input) => (opts.around ? opts.around(input, recorded) : recorded(input));
      g.refund = async (input) => {
        const made = await refund(input);
        refunds.push({ paymentIntentId: input.paymentIntentId, amount: made.amount as Cents, id: made.id });
        return made;
      };
      gateway = g;
      return g;
    },
    /** The gateway the app was given (after createTestApp). */
    get gateway(): SandboxGateway {
      if (!gateway) throw new Error('recordingGateway: pass .payments to createTestApp first');
      return gateway;
    },
  };
}
