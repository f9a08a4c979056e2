// Stripe Connect onboarding for partner payouts. With Stripe configured, a partner's owner sets up an Express
// account from the portal: it is created once per partner (partners.stripe_account_id; a second click, or two at
// once, reuse it) and the owner is sent to a fresh Account Link, which brings them back to the portal's Money tab.
// What Stripe says of the account (details submitted, payouts enabled) is kept on the partner and read afresh
// from Stripe on the owner's return, on each `account.updated` webhook and before a payout to an account not yet
// ready; each change is audited once (a conditional update). In sandbox mode nothing is onboarded: payouts are
// recorded by the sandbox.
import { and, eq, isNull } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { partners } from '../../db/schema';
import type { Services } from '../../deps';
import { AppError } from '../../errors';
import type { PaymentsGateway } from '../../integrations/payments';
import { recordAudit, type AuditActor } from '../catalogue-admin/audit';
import { PARTNER_NOT_FOUND, type Membership } from './access';

type ConnectServices = Pick<Services, 'db' | 'payments'>;
type PartnerRow = typeof partners.$inferSelect;

/** sandbox: nothing to set up; not_started: no account; details_needed: onboarding unfinished; enabled: payouts go to it. */
export type PayoutAccountState = 'sandbox' | 'not_started' | 'details_needed' | 'enabled';

/** Who changes an account's state when Stripe tells us (its webhook, or a payout run reading it). */
export const STRIPE_ACTOR: AuditActor = { id: null, email: 'stripe' };

export const SANDBOX_NO_ONBOARDING = 'Payouts are recorded by the sandbox here: there is no Stripe account to set up.';
export const ONLY_OWNERS_ONBOARD = "Only the partner's owners set up its payouts with Stripe.";
const STRIPE_DOWN = 'We could not reach Stripe. Please try again in a moment.';

export function payoutAccountState(mode: PaymentsGateway['mode'], p: Pick<PartnerRow, 'stripeAccountId' | 'stripePayoutsEnabled'>): PayoutAccountState {
  if (mode === 'sandbox') return 'sandbox';
  if (!p.stripeAccountId) return 'not_started';
  return p.stripePayoutsEnabled ? 'enabled' : 'details_needed';
}

async function partnerOf(db: Pick<DB, 'select'>, partnerId: number): Promise<PartnerRow> {
  const [p] = await db.select().from(partners).where(eq(partners.id, partnerId));
  if (!p) throw new AppError('NOT_FOUND', PARTNER_NOT_FOUND);
  return p;
}

function describe(mode: PaymentsGateway['mode'], m: Membership, p: PartnerRow) {
  const stripe = mode === 'stripe';
  return {
    partnerId: p.id,
    mode,
    state: payoutAccountState(mode, p),
    accountId: stripe ? p.stripeAccountId : null,
    detailsSubmitted: stripe && p.stripeDetailsSubmitted === 1,
    payoutsEnabled: stripe && p.stripePayoutsEnabled === 1,
    /** Whether this caller may start (or resume) onboarding: an owner, with Stripe configured. */
    canOnboard: stripe && m.role === 'owner',
  };
}

/** The partner's payout account as last known (owners and managers). */
export async function payoutAccount({ db, payments }: ConnectServices, m: Membership) {
  return describe(payments.mode, m, await partnerOf(db, m.partnerId));
}

/** Stripe's errors (the SDK's, typed Stripe…): a refusal keeps Stripe's words, anything else is a 502 for people. */
async function stripeCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const e = err as { type?: unknown; message?: string };
    if (typeof e.type !== 'string' || !e.type.startsWith('Stripe')) throw err;
    if (e.type === 'StripeInvalidRequestError') throw new AppError('BAD_REQUEST', e.message ?? STRIPE_DOWN);
    console.warn(`${what}: Stripe did not answer (${e.message}).`);
    throw new AppError('BAD_GATEWAY', STRIPE_DOWN);
  }
}

/**
 * Starts (or resumes) an owner's Stripe onboarding: the partner's Express account (created the first time,
 * reused after), then a fresh Account Link back to the portal's Money tab. Audited each time.
 */
export async function startPayoutOnboarding(services: ConnectServices & Pick<Services, 'env'>, actor: AuditActor, m: Membership) {
  const { db, payments } = services;
  if (payments.mode !== 'stripe') throw new AppError('CONFLICT', SANDBOX_NO_ONBOARDING);
  // Administrators pass every membership check; the account is the partner's own agreement with Stripe.
  if (m.role !== 'owner') throw new AppError('FORBIDDEN', ONLY_OWNERS_ONBOARD);
  const partner = await partnerOf(db, m.partnerId);
  let accountId = partner.stripeAccountId;
  let created = false;
  if (!accountId) {
    // The key makes two clicks at once one account at Stripe; the first one stored is the partner's.
    const account = await stripeCall('Creating a Stripe account', () =>
      payments.createConnectedAccount({
        partnerId: partner.id,
        email: partner.contactEmail,
        businessName: partner.tradingName,
        idempotencyKey: `connect-account-${partner.id}-${partner.createdAt.getTime()}`,
      }),
    );
    const [stored] = await db
      .update(partners)
      .set({ stripeAccountId: account.id, stripeDetailsSubmitted: account.detailsSubmitted ? 1 : 0, stripePayoutsEnabled: account.payoutsEnabled ? 1 : 0 })
      .where(and(eq(partners.id, partner.id), isNull(partners.stripeAccountId)))
      .returning();
    created = Boolean(stored);
    accountId = stored?.stripeAccountId ?? (await partnerOf(db, partner.id)).stripeAccountId!;
  }
  const back = (payouts: 'return' | 'refresh') => `${services.env.APP_URL}/partner?partner=${partner.id}&tab=money&payouts=${payouts}`;
  const link = await stripeCall('Creating a Stripe onboarding link', () =>
    payments.createAccountLink({ account: accountId, refreshUrl: back('refresh'), returnUrl: back('return') }),
  );
  await recordAudit(db, actor, { entity: 'partner', entityId: partner.id, action: 'payouts-onboarding', changes: { stripeAccountId: accountId, accountCreated: created } });
  return { url: link.url, expiresAt: link.expiresAt, accountId };
}

/**
 * Reads the account from Stripe and keeps what it says on its partner; a change (payouts enabled or disabled,
 * details submitted) is audited once however many readers see it. Null when no partner has this account.
 */
export async function syncConnectedAccount({ db, payments }: ConnectServices, accountId: string, actor: AuditActor): Promise<PartnerRow | null> {
  const [known] = await db.select().from(partners).where(eq(partners.stripeAccountId, accountId));
  if (!known) return null;
  const account = await payments.retrieveConnectedAccount(accountId);
  const next = { stripeDetailsSubmitted: account?.detailsSubmitted ? 1 : 0, stripePayoutsEnabled: account?.payoutsEnabled ? 1 : 0 };
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(partners).where(eq(partners.id, known.id));
    if (!before || before.stripeAccountId !== accountId) return before ?? null;
    if (before.stripeDetailsSubmitted === next.stripeDetailsSubmitted && before.stripePayoutsEnabled === next.stripePayoutsEnabled) return before;
    // From the state read: of two readers at once, one writes (and audits) the change.
    const [after] = await tx
      .update(partners)
      .set(next)
      .where(and(eq(partners.id, before.id), eq(partners.stripeDetailsSubmitted, before.stripeDetailsSubmitted), eq(partners.stripePayoutsEnabled, before.stripePayoutsEnabled)))
      .returning();
    if (!after) return (await tx.select().from(partners).where(eq(partners.id, before.id)))[0] ?? null;
    const payoutsChanged = before.stripePayoutsEnabled !== after.stripePayoutsEnabled;
    await recordAudit(tx, actor, {
      entity: 'partner',
      entityId: after.id,
      action: payoutsChanged ? (after.stripePayoutsEnabled ? 'payouts-enabled' : 'payouts-disabled') : 'payouts-details',
      changes: {
        stripeAccountId: accountId,
        detailsSubmitted: { from: before.stripeDetailsSubmitted === 1, to: after.stripeDetailsSubmitted === 1 },
        payoutsEnabled: { from: before.stripePayoutsEnabled === 1, to: after.stripePayoutsEnabled === 1 },
      },
    });
    return after;
  });
}

/** The state read afresh from Stripe (the owner back from onboarding, or a manager checking): owners and managers. */
export async function refreshPayoutAccount(services: ConnectServices, actor: AuditActor, m: Membership) {
  const partner = await partnerOf(services.db, m.partnerId);
  if (services.payments.mode !== 'stripe' || !partner.stripeAccountId) return describe(services.payments.mode, m, partner);
  const accountId = partner.stripeAccountId;
  const synced = await stripeCall('Reading a Stripe account', () => syncConnectedAccount(services, accountId, actor));
  return describe(services.payments.mode, m, synced ?? partner);
}

/**
 * Why Stripe cannot pay this partner now, or null when it can: no account yet, or one whose onboarding is not
 * finished (read afresh from Stripe first, in case its webhook never came). Stripe mode only.
 */
export async function payoutBlocker(services: ConnectServices, partner: PartnerRow | undefined): Promise<string | null> {
  if (!partner?.stripeAccountId) return 'No Stripe account for payouts yet: an owner sets one up in the partner portal (Money, Set up payouts with Stripe).';
  if (partner.stripePayoutsEnabled) return null;
  const now = await syncConnectedAccount(services, partner.stripeAccountId, STRIPE_ACTOR);
  if (now?.stripePayoutsEnabled) return null;
  return "The partner's Stripe account cannot receive payouts yet: its onboarding with Stripe is not finished (an owner resumes it in the partner portal, Money).";
}
