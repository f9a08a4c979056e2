// A stand-in for Stripe.js in the browser (no internet in tests), served at js.stripe.com by Playwright's
// routing: the few calls our card form and @stripe/react-stripe-js make (elements, a Payment Element with a card
// number field, createPaymentMethod) and handleNextAction, which shows a window like Stripe's "3D Secure 2 Test
// Page" with Complete and Fail, and tells the local fake Stripe API (tests/support/fake-stripe.ts) the outcome.
import type { Page } from '@playwright/test';
import type { FakeStripe } from '../../support/fake-stripe';

/** Stripe's test cards the stand-in knows, as the payment methods Stripe.js would make of them. */
export const TEST_CARDS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000002760003184': 'pm_card_threeDSecure2Required',
};

const script = `(() => {
  const CARDS = ${JSON.stringify(TEST_CARDS)};
  function Stripe(publishableKey) {
    let input = null;
    const elements = () => ({
      create(type) {
        const handlers = {};
        const fire = (name, event) => (handlers[name] || []).forEach((fn) => fn(event));
        return {
          mount(node) {
            const host = typeof node === 'string' ? document.querySelector(node) : node;
            const label = document.createElement('label');
            label.textContent = 'Card number';
            label.style.cssText = 'display:grid;gap:4px;font-size:14px';
            input = document.createElement('input');
            input.autocomplete = 'cc-number';
            input.style.cssText = 'border:1px solid #ccc;border-radius:6px;padding:8px';
            label.appendChild(input);
            host.appendChild(label);
            setTimeout(() => fire('ready', { elementType: type }), 0);
          },
          on(name, fn) { (handlers[name] = handlers[name] || []).push(fn); return this; },
          off(name, fn) { handlers[name] = (handlers[name] || []).filter((f) => f !== fn); return this; },
          update() {},
          destroy() { if (input) input.closest('label').remove(); input = null; },
          unmount() {},
          focus() { if (input) input.focus(); },
          blur() {},
          clear() { if (input) input.value = ''; },
        };
      },
      update() {},
      getElement() { return null; },
      async fetchUpdates() { return {}; },
      async submit() { return input && input.value.trim() ? {} : { error: { message: 'Your card number is incomplete.' } }; },
    });
    return {
      elements,
      _registerWrapper() {},
      registerAppInfo() {},
      async createToken() { return {}; },
      async confirmCardPayment() { return {}; },
      async createPaymentMethod() {
        const id = CARDS[(input ? input.value : '').replace(/\\D/g, '')];
        return id ? { paymentMethod: { id } } : { error: { message: 'Your card number is invalid.' } };
      },
      handleNextAction({ clientSecret }) {
        const id = clientSecret.split('_secret_')[0];
        return new Promise((resolve) => {
          const dialog = document.createElement('div');
          dialog.setAttribute('role', 'dialog');
          dialog.setAttribute('aria-label', '3D Secure 2 Test Page');
          dialog.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:grid;place-items:center;background:rgba(0,0,0,.5)';
          dialog.innerHTML = '<div style="background:#fff;padding:24px;border-radius:8px;display:grid;gap:12px"><p>3D Secure 2 Test Page</p><button type="button" data-passed="true">Complete</button><button type="button" data-passed="false">Fail</button></div>';
          document.body.appendChild(dialog);
          dialog.addEventListener('click', async (event) => {
            const button = event.target.closest('button');
            if (!button) return;
            await fetch('https://api.stripe.com/test/authenticate/' + id, { method: 'POST', body: new URLSearchParams({ passed: button.dataset.passed }) });
            dialog.remove();
            resolve(button.dataset.passed === 'true' ? { paymentIntent: { id, status: 'succeeded' } } : { error: { type: 'card_error', message: 'We are unable to authenticate your payment method.' } });
          });
        });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

/** Serves the stand-in at Stripe.js's address and plays the cardholder's bank check against `fake`. */
export async function routeFakeStripeJs(page: Page, fake: FakeStripe): Promise<void> {
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) => route.fulfill({ contentType: 'application/javascript', body: script }));
  await page.route(/^https:\/\/api\.stripe\.com\/test\/authenticate\//, async (route) => {
    const id = route.request().url().split('/').at(-1)!;
    fake.authenticate(id, new URLSearchParams(route.request().postData() ?? '').get('passed') === 'true');
    await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: '{}' });
  });
}
