// A local HTTP fake of the parts of the Stripe API we use, so the real `stripe` SDK can be driven in tests
// (through its host/port/protocol options) without the internet. Payment methods whose id contains
// 'declined' are refused like Stripe's test card 4000 0000 0000 0002; 'threeDSecure' or 'authenticationRequired'
// (Stripe's pm_card_threeDSecure2Required, 4000 0027 6000 3184) answer requires_action until `authenticate`
// plays the cardholder at their bank's check (in a browser: tests/e2e/support/fake-stripe-js.ts).
// Connect: Express accounts start with nothing submitted and payouts off until `onboard` (or a browser opening
// an account link's URL, which is served here: it onboards the account and redirects to the link's return_url);
// a transfer to an account that is not onboarded is refused as Stripe refuses it.
import http from 'node:http';

export interface FakeStripe {
  port: number;
  requests: { method: string; url: string; body: string; auth?: string; idempotencyKey?: string }[];
  intents: Map<string, Record<string, any>>;
  refunds: Map<string, Record<string, any>>;
  customers: Map<string, Record<string, any>>;
  paymentMethods: Map<string, Record<string, any>>;
  /** Connected accounts (Express), account links and transfers to accounts. */
  accounts: Map<string, Record<string, any>>;
  accountLinks: Map<string, Record<string, any>>;
  transfers: Map<string, Record<string, any>>;
  /** The owner finishes Stripe's onboarding (payouts on), or Stripe turns payouts off (`payoutsEnabled` false). */
  onboard(accountId: string, payoutsEnabled?: boolean): void;
  /**
   * While true, a confirming PaymentIntent create is carried out (the charge happens, and its idempotency key
   * remembers it) but never answered: the caller is left waiting, as when a server dies mid-charge.
   */
  holdCharges: boolean;
  /** Resolves when the next confirming PaymentIntent create arrives. */
  nextCharge(): Promise<void>;
  /** Makes a card payment method the fake knows about (as Stripe.js would create it in the browser). */
  addPaymentMethod(id: string, card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number }): void;
  /** The cardholder passes (or fails) their bank's check of a payment that asked for it (3-D Secure). */
  authenticate(paymentIntentId: string, passed: boolean): void;
  close(): Promise<void>;
}

const metadataOf = (form: URLSearchParams) => Object.fromEntries([...form.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]));

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const intents = new Map<string, Record<string, any>>();
  const refunds = new Map<string, Record<string, any>>();
  const customers = new Map<string, Record<string, any>>();
  const paymentMethods = new Map<string, Record<string, any>>();
  const accounts = new Map<string, Record<string, any>>();
  const accountLinks = new Map<string, Record<string, any>>();
  const transfers = new Map<string, Record<string, any>>();
  const onboard = (id: string, payoutsEnabled = true) => {
    const account = accounts.get(id);
    if (!account) throw new Error(`fake Stripe: no account ${id}`);
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: false,
      payouts_enabled: payoutsEnabled,
      capabilities: { transfers: payoutsEnabled ? 'active' : 'inactive' },
      requirements: { currently_due: [], disabled_reason: payoutsEnabled ? null : 'requirements.past_due' },
    });
  };
  const byIdempotencyKey = new Map<string, string>();
  let chargeWaiters: (() => void)[] = [];
  const state = { holdCharges: false };
  const paidCharge = (pi: Record<string, any>, card: { brand: string; last4: string }) => ({
    id: `ch_${pi.id}`,
    object: 'charge',
    payment_method_details: { card: { brand: card.brand, last4: card.last4 } },
  });
  const authenticate = (id: string, passed: boolean) => {
    const pi = intents.get(id);
    if (!pi || pi.status !== 'requires_action') return false;
    pi.next_action = null;
    if (passed) {
      pi.status = 'succeeded';
      pi.latest_charge = paidCharge(pi, paymentMethods.get(pi.payment_method)?.card ?? { brand: 'visa', last4: '3184' });
    } else {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' };
    }
    return true;
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method!, url: req.url!, body, auth: req.headers.authorization, idempotencyKey: key });
      res.setHeader('Content-Type', 'application/json');
      const send = (status: number, value: unknown) => {
        res.statusCode = status;
        if (key && status < 400) byIdempotencyKey.set(key, JSON.stringify(value));
        res.end(JSON.stringify(value));
      };
      if (key && byIdempotencyKey.has(key)) return res.end(byIdempotencyKey.get(key));
      const form = new URLSearchParams(body);
      const url = req.url!.split('?')[0]!;
      let m: RegExpExecArray | null;

      if (req.method === 'POST' && url === '/v1/accounts') {
        const id = `acct_fake_${accounts.size + 1}`;
        const account = {
          id,
          object: 'account',
          type: form.get('type'),
          country: form.get('country'),
          email: form.get('email'),
          business_profile: { name: form.get('business_profile[name]') },
          metadata: metadataOf(form),
          details_submitted: false,
          charges_enabled: false,
          payouts_enabled: false,
          capabilities: { transfers: 'inactive' },
          requirements: { currently_due: ['external_account', 'tos_acceptance.date'], disabled_reason: 'requirements.past_due' },
        };
        accounts.set(id, account);
        return send(200, account);
      }
      if (req.method === 'GET' && (m = /^\/v1\/accounts\/([^/]+)$/.exec(url))) {
        const account = accounts.get(m[1]!);
        // (Stripe answers 403 for an account that is not the platform's; 404 reads the same to the gateway.)
        if (!account) return send(404, { error: { type: 'invalid_request_error', message: `No such account: '${m[1]}'` } });
        return send(200, account);
      }
      if (req.method === 'POST' && url === '/v1/account_links') {
        const account = form.get('account') ?? '';
        if (!accounts.has(account)) return send(400, { error: { type: 'invalid_request_error', message: `No such account: '${account}'`, param: 'account' } });
        const id = `link_fake_${accountLinks.size + 1}`;
        const now = Math.floor(Date.now() / 1000);
        const link = {
          object: 'account_link',
          created: now,
          expires_at: now + 300,
          // Stripe's hosted onboarding, played by this server (GET below).
          url: `http://127.0.0.1:${(server.address() as { port: number }).port}/connect/onboarding/${id}`,
        };
        accountLinks.set(id, { ...link, id, account, type: form.get('type'), refresh_url: form.get('refresh_url'), return_url: form.get('return_url') });
        return send(200, link);
      }
      if (req.method === 'GET' && (m = /^\/connect\/onboarding\/([^/]+)$/.exec(url))) {
        // The owner fills in Stripe's forms and is sent back to the platform (a link works once, as Stripe's do).
        const link = accountLinks.get(m[1]!);
        if (!link || link.used) return send(404, { error: { message: 'This link has expired.' } });
        link.used = true;
        onboard(link.account);
        res.statusCode = 302;
        res.setHeader('Location', link.return_url);
        return res.end();
      }
      if (req.method === 'POST' && url === '/v1/transfers') {
        const destination = form.get('destination') ?? '';
        const account = accounts.get(destination);
        if (!account) return send(400, { error: { type: 'invalid_request_error', message: `No such destination: '${destination}'`, param: 'destination' } });
        if (account.capabilities?.transfers !== 'active') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            },
          });
        }
        const id = `tr_fake_${transfers.size + 1}`;
        const transfer = { id, object: 'transfer', amount: Number(form.get('amount')), currency: form.get('currency'), destination, description: form.get('description') };
        transfers.set(id, transfer);
        return send(200, transfer);
      }

      if (req.method === 'POST' && url === '/v1/payment_intents') {
        const id = `pi_fake_${intents.size + 1}`;
        const pm = form.get('payment_method');
        const pi: Record<string, any> = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_abc`,
          customer: form.get('customer'),
          metadata: metadataOf(form),
          latest_charge: null,
          last_payment_error: null,
        };
        if (form.get('confirm') === 'true' && pm) {
          if (pm.includes('declined')) {
            pi.last_payment_error = { message: 'Your card was declined.' };
            intents.set(id, pi);
            return send(402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: pi } });
          }
          pi.payment_method = pm;
          if (pm.includes('threeDSecure') || pm.includes('authenticationRequired')) {
            // The bank asks the cardholder: nothing is charged until `authenticate`.
            pi.status = 'requires_action';
            pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
            pi.three_d_secure = true; // (the fake's own mark: read back as it is, see GET)
          } else {
            pi.status = 'succeeded';
            pi.latest_charge = paidCharge(pi, paymentMethods.get(pm)?.card ?? { brand: 'visa', last4: '4242' });
          }
        }
        intents.set(id, pi);
        if (form.get('confirm') === 'true') {
          chargeWaiters.forEach((w) => w());
          chargeWaiters = [];
          if (state.holdCharges) {
            if (key) byIdempotencyKey.set(key, JSON.stringify(pi));
            return; // charged, never answered
          }
        }
        return send(200, pi);
      }
      if (req.method === 'GET' && url === '/v1/payment_intents/search') {
        // Only the query the gateway sends: metadata['bookingId']:'N' AND metadata['purpose']:'booking'.
        const query = new URL(req.url!, 'http://x').searchParams.get('query') ?? '';
        const bookingId = /metadata\['bookingId'\]:'(\d+)'/.exec(query)?.[1];
        const data = [...intents.values()].filter((pi) => pi.metadata?.bookingId === bookingId && pi.metadata?.purpose === 'booking');
        return send(200, { object: 'search_result', data, has_more: false, url: '/v1/payment_intents/search' });
      }
      if (req.method === 'POST' && (m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url))) {
        const pi = intents.get(m[1]!);
        if (!pi) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        if (pi.status === 'succeeded') return send(400, { error: { type: 'invalid_request_error', message: 'This PaymentIntent has already succeeded.' } });
        pi.status = 'canceled';
        pi.next_action = null;
        return send(200, pi);
      }
      if (req.method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url))) {
        const pi = intents.get(m[1]!);
        if (!pi) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        if (pi.three_d_secure) return send(200, pi);
        // Reading an access-fee intent back: the browser has confirmed it with Stripe.js by then.
        return send(200, {
          ...pi,
          status: 'succeeded',
          latest_charge: pi.latest_charge ?? { id: 'ch_1', object: 'charge', payment_method_details: { card: { brand: 'visa', last4: '4242' } } },
        });
      }
      if (req.method === 'POST' && url === '/v1/refunds') {
        const id = `re_fake_${refunds.size + 1}`;
        const refund = { id, object: 'refund', amount: Number(form.get('amount')), payment_intent: form.get('payment_intent'), status: 'succeeded' };
        refunds.set(id, refund);
        return send(200, refund);
      }
      if (req.method === 'POST' && url === '/v1/customers') {
        const id = `cus_fake_${customers.size + 1}`;
        const customer = { id, object: 'customer', email: form.get('email'), name: form.get('name'), metadata: metadataOf(form) };
        customers.set(id, customer);
        return send(200, customer);
      }
      if ((m = /^\/v1\/payment_methods\/([^/]+)(\/attach|\/detach)?$/.exec(url))) {
        const pm = paymentMethods.get(m[1]!);
        if (!pm) return send(404, { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } });
        if (m[2] === '/attach') pm.customer = form.get('customer');
        if (m[2] === '/detach') pm.customer = null;
        return send(200, pm);
      }
      send(404, { error: { type: 'invalid_request_error', message: `unknown route ${req.method} ${url}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    requests,
    intents,
    refunds,
    customers,
    paymentMethods,
    accounts,
    accountLinks,
    transfers,
    onboard,
    get holdCharges() {
      return state.holdCharges;
    },
    set holdCharges(v: boolean) {
      state.holdCharges = v;
    },
    nextCharge: () => new Promise<void>((resolve) => chargeWaiters.push(resolve)),
    authenticate: (id, passed) => void authenticate(id, passed),
    addPaymentMethod(id, card = {}) {
      paymentMethods.set(id, {
        id,
        object: 'payment_method',
        type: 'card',
        customer: null,
        card: { brand: card.brand ?? 'visa', last4: card.last4 ?? '4242', exp_month: card.exp_month ?? 12, exp_year: card.exp_year ?? 2034 },
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
