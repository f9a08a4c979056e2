// npm run test:html: the Nu HTML Checker (vnu-jar, the W3C validator's engine, run locally with Java) on the
// server-rendered HTML of every page kind, signed out and signed in. Any error fails the run. Installs a Java
// runtime with apt-get when none is present (it never downloads one from elsewhere).
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vnu from 'vnu-jar';
import { aPostPath, startBuiltServer } from './built-server.mjs';

function ensureJava() {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    console.log('Java not found: installing Debian’s default-jre-headless with apt-get…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless', { stdio: 'inherit' });
  }
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

ensureJava();
const { base, stop } = await startBuiltServer(Number(process.env.HTML_PORT ?? 4398));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-html-'));
try {
  const origin = { Origin: base, 'Content-Type': 'application/json' };
  const post = await aPostPath(base);
  const providers = (await (await fetch(`${base}/api/search?location=MCO&arrivalDate=${day(10)}&departureDate=${day(12)}`)).json()).providers;
  const lot = providers[0];
  const category = (await (await fetch(`${base}/api/blog/categories`)).json())[0];

  // A traveller with a booking, for the signed-in pages.
  const email = `html-check-${Date.now()}@example.com`;
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ name: 'Html Check', email, password: 'long enough password' }),
  });
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const booked = await (
    await fetch(`${base}/api/bookings/automated`, {
      method: 'POST',
      headers: { ...origin, Cookie: cookie },
      body: JSON.stringify({
        providerId: lot.id,
        customerInfo: { firstName: 'Html', lastName: 'Check', email, phone: '555-010-0100' },
        reservationDetails: { arrivalDate: `${day(10)}T09:00`, departureDate: `${day(12)}T09:00`, vehicleMake: 'Kia', vehicleModel: 'Rio', licensePlate: 'HTML1' },
        paymentInfo: { cardNumber: '4242424242424242', expirationDate: '12/34', cvv: '123', billingZip: '32801' },
      }),
    })
  ).json();

  const stay = `arrivalDate=${day(10)}&departureDate=${day(12)}`;
  const pages = [
    ['home', '/'],
    ['home-search', `/?location=MCO&${stay}`],
    ['locations', '/locations'],
    ['location', `/locations/orlando-international-airport?${stay}`],
    ['seo-page', '/orlando-fl-mco-airport-parking'],
    ['cruise-page', '/locations/miami-cruise-port'],
    ['provider', `/provider/${lot.slug}?location=MCO&${stay}`],
    ['property', `/property/${lot.slug}?${stay}`],
    ['ar-parking', `/ar-parking/${lot.id}`],
    ['booking', `/booking?providerId=${lot.id}&providerName=${encodeURIComponent(lot.name)}&price=${lot.price}&location=MCO&${stay}`],
    ['booking-missing', '/booking'],
    ['how-it-works', '/how-it-works'],
    ['blog', '/blog'],
    ['blog-post', post],
    ['blog-category', `/blog/category/${category.slug}`],
    ['terms', '/terms-of-service'],
    ['privacy', '/privacy-policy'],
    ['not-found', '/no/such/page'],
    ['admin-login', '/admin/login'],
    ['forgot-password', '/forgot-password'],
    ['reset-password', '/reset-password?token=abc'],
    ['signed-in-home', '/', cookie],
    ['history', '/?view=history', cookie],
    ['account-settings', '/account-settings', cookie],
    ['payment-methods', '/payment-methods', cookie],
    ['thank-you', `/thank-you?confirmation=${booked.confirmationNumber}`, cookie],
  ];
  const files = [];
  for (const [name, url, withCookie] of pages) {
    const res = await fetch(base + url, { headers: withCookie ? { Cookie: withCookie } : {} });
    const file = path.join(dir, `${name}.html`);
    fs.writeFileSync(file, await res.text());
    files.push(file);
  }

  let report;
  try {
    report = execFileSync('java', ['-jar', vnu, '--errors-only', '--format', 'json', ...files], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    report = err.stderr?.toString() || err.stdout?.toString() || '';
  }
  const messages = JSON.parse(report || '{"messages":[]}').messages.filter((m) => m.type === 'error');
  for (const m of messages)
    console.log(`${path.basename(new URL(m.url).pathname)}:${m.lastLine ?? '?'}  ${m.message}\n    ${(m.extract ?? '').replace(/\s+/g, ' ').slice(0, 160)}`);
  console.log(`Nu HTML Checker: ${messages.length} error(s) in ${files.length} pages.`);
  process.exitCode = messages.length ? 1 : 0;
} finally {
  await stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
