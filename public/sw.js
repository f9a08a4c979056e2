// The site's service worker (GET /sw.js, scope /, served with the brand filled in by
// src/server/modules/offline-pass/routes.ts): keeps the parking passes this device opened, so a pass opens in an
// underground garage with no signal. Nothing else: it answers only page loads of /pass/{n} (the device's copy),
// and of /manage/{n} and /thank-you when the network fails; every other request goes to the network untouched.
// A pass lives in this device's Cache Storage only (never an HTTP cache), saved when its manage or thank-you page
// asks (a message), checked again whenever it is opened online, and deleted when the server says the booking is
// gone (cancelled, its links ended, no longer yours: 404) or when the page cancels or ends links.
/* global self, caches, fetch, Response, URL, AbortController, setTimeout, clearTimeout */
'use strict';

const BRAND = '__BRAND__';
const CACHE = 'pp-offline-passes-v1';
/** How long an online open waits for the server before it shows the saved copy (a garage's one bar of signal). */
const CHECK_TIMEOUT_MS = 4000;

const dataKey = (n) => new URL(`/pass/${encodeURIComponent(n)}/data`, self.location.origin).href;
const passApi = (n, token) => `/api/bookings/${encodeURIComponent(n)}/offline-pass${token ? `?token=${encodeURIComponent(token)}` : ''}`;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('pp-offline-passes-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const msg = event.data || {};
  const port = event.ports && event.ports[0];
  const reply = (value) => port && port.postMessage(value);
  const n = typeof msg.confirmationNumber === 'string' ? msg.confirmationNumber.trim().toUpperCase() : '';
  if (!n) return;
  if (msg.type === 'save-pass') {
    event.waitUntil(refresh(n, typeof msg.token === 'string' ? msg.token : null).then(reply, () => reply({ saved: false })));
  } else if (msg.type === 'forget-pass') {
    event.waitUntil(forget(n).then(() => reply({ saved: false })));
  }
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || req.mode !== 'navigate') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  const pass = /^\/pass\/([^/]+)\/?$/.exec(url.pathname);
  if (pass) return event.respondWith(openPass(decode(pass[1]), req));
  const manage = /^\/manage\/([^/]+)\/?$/i.exec(url.pathname);
  const thanks = url.pathname === '/thank-you' ? url.searchParams.get('confirmation') : null;
  const n = manage ? decode(manage[1]) : thanks ? thanks.trim().toUpperCase() : '';
  if (n) event.respondWith(fetch(req).catch(() => offlineCopy(n)));
});

function decode(segment) {
  try {
    return decodeURIComponent(segment).trim().toUpperCase();
  } catch {
    return '';
  }
}

async function read(n) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(dataKey(n));
  return hit ? hit.json() : null;
}

async function forget(n) {
  const cache = await caches.open(CACHE);
  await cache.delete(dataKey(n));
}

/** Asks the server for the pass again: stores the answer, or forgets the copy when the booking is gone. */
async function refresh(n, token, signal) {
  const res = await fetch(passApi(n, token), { credentials: 'same-origin', cache: 'no-store', signal });
  if (res.status === 404 || res.status === 410) {
    await forget(n);
    return { saved: false, gone: true };
  }
  if (!res.ok) throw new Error(`The pass could not be saved (HTTP ${res.status}).`);
  const pass = await res.json();
  const cache = await caches.open(CACHE);
  const body = JSON.stringify({ pass, token: token || null });
  await cache.put(dataKey(n), new Response(body, { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } }));
  return { saved: true };
}

/** /pass/{n}: the saved copy, checked with the server first when it answers in time. */
async function openPass(n, req) {
  const stored = n ? await read(n) : null;
  if (!stored) return fetch(req); // not on this device: the server sends the manage page
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), CHECK_TIMEOUT_MS);
  try {
    const result = await refresh(n, stored.token, abort.signal);
    if (result.gone) return Response.redirect(new URL(`/manage/${encodeURIComponent(n)}`, self.location.origin).href, 302);
  } catch {
    // Offline, or too slow, or the server failed: the saved copy is what the traveller needs now.
  } finally {
    clearTimeout(timer);
  }
  return render((await read(n)) || stored);
}

/** A booking page that could not load: its saved pass, or a short offline notice. */
async function offlineCopy(n) {
  const stored = await read(n);
  if (stored) return render(stored);
  return page(
    503,
    'You are offline',
    `<main class="card"><h1>You are offline</h1><p class="muted">This booking's pass is not saved on this device. Connect to the internet and open the link in your confirmation e-mail again.</p></main>`,
  );
}

const esc = (v) => String(v == null ? '' : v).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function savedWhen(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

function render(stored) {
  const p = stored.pass;
  const n = esc(p.confirmationNumber);
  const manage = `/manage/${encodeURIComponent(p.confirmationNumber)}${stored.token ? `?token=${encodeURIComponent(stored.token)}` : ''}`;
  const row = (label, value) => (value ? `<div><dt>${esc(label)}</dt><dd>${value}</dd></div>` : '');
  const phone = p.providerPhone ? `<a href="tel:${esc(String(p.providerPhone).replace(/[^\d+]/g, ''))}">${esc(p.providerPhone)}</a>` : '';
  const saved = savedWhen(p.savedAt);
  const body = `
<header class="bar"><span class="logo" aria-hidden="true">P</span><span class="brand">${esc(BRAND)}</span></header>
<main class="card">
  <p class="note" role="status">Offline copy — saved on this device${saved ? ` <span class="muted">(${esc(saved)})</span>` : ''}</p>
  <p class="muted small">Parking pass · Booking ${n}</p>
  <h1>${esc(p.providerName)}</h1>
  <div class="qr"><img src="${esc(p.qr)}" width="232" height="232" alt="Parking pass QR code for ${n}"></div>
  <p class="code">${n}</p>
  <p class="muted small center">Show this pass at the lot entrance.</p>
  <div class="plate"><span class="muted small">License plate</span><strong data-testid="offline-plate">${esc(p.licensePlate || 'Not given')}</strong></div>
  <dl>
    ${row('Check-in', esc(p.checkIn))}
    ${row('Check-out', esc(p.checkOut))}
    ${row('Vehicle', esc(p.vehicle))}
    ${row('Address', esc(p.address))}
    ${row('Lot phone', phone)}
  </dl>
  <h2>Arriving</h2>
  <ol>${(p.arrival || []).map((line) => `<li>${esc(line)}</li>`).join('')}</ol>
  <p class="small"><a href="${esc(manage)}">Manage booking</a> <span class="muted">(needs the internet)</span></p>
</main>`;
  return page(200, `Parking pass ${p.confirmationNumber}`, body);
}

function page(status, title, body) {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1d4ed8"><meta name="robots" content="noindex"><title>${esc(title)} | ${esc(BRAND)}</title>
<style>
*{box-sizing:border-box}body{margin:0;background:#f1f5f9;color:#0f172a;font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.bar{display:flex;align-items:center;gap:.5rem;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #e2e8f0}
.logo{display:inline-grid;place-items:center;width:1.75rem;height:1.75rem;border-radius:.4rem;background:#1d4ed8;color:#fff;font-weight:800}
.brand{font-weight:700}
.card{max-width:30rem;margin:.75rem;padding:1.25rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
@media (min-width:540px){.card{margin:2.5rem auto;padding:2rem}}
h1{margin:.25rem 0 1rem;font-size:1.5rem;line-height:1.25;overflow-wrap:anywhere}h2{margin:1.5rem 0 .5rem;font-size:1rem}
.note{margin:0 0 1rem;padding:.6rem .75rem;border:1px solid #bfdbfe;border-radius:.5rem;background:#eff6ff;color:#1e3a8a;font-size:.875rem;font-weight:600}
.muted{color:#475569;font-weight:400}.small{font-size:.875rem}.center{text-align:center}
.qr{display:flex;justify-content:center}.qr img{width:232px;height:232px;padding:.5rem;border:1px solid #e2e8f0;border-radius:.5rem;background:#fff;image-rendering:pixelated}
.code{margin:.75rem 0 0;text-align:center;font:700 1.25rem/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.08em}
.plate{display:flex;flex-direction:column;align-items:center;margin:1.25rem auto 0;padding:.6rem 1rem;max-width:16rem;border:2px solid #0f172a;border-radius:.5rem}
.plate strong{font:800 1.6rem/1.2 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.12em;overflow-wrap:anywhere}
dl{display:grid;gap:.75rem;margin:1.5rem 0 0;font-size:.9375rem}@media (min-width:640px){dl{grid-template-columns:1fr 1fr}}
dt{color:#475569;font-size:.875rem}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
ol{margin:0;padding-left:1.25rem;font-size:.9375rem}li+li{margin-top:.35rem}
a{color:#1d4ed8;text-underline-offset:3px}
@media print{body{background:#fff}.bar,.note{display:none}.card{border:0;margin:0 auto}}
</style></head><body>${body}</body></html>`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'Referrer-Policy': 'no-referrer',
    },
  });
}
