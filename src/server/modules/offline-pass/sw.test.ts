// The service worker's own logic (public/sw.js), run in a sandbox with an in-memory Cache Storage and a fake network:
// saving a pass on the page's message, drawing the saved copy with the network cut (escaped, under its own strict
// policy), the booking's pages falling back to it, and the copy deleted when the server says the booking is gone.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { serviceWorkerScript } from './routes';

const ORIGIN = 'https://parkpilot.test';
const SOURCE = serviceWorkerScript('ParkPilot');

type Listener = (event: unknown) => void;
type Network = 'online' | 'offline' | 'gone';

const passOf = (n: string) => ({
  confirmationNumber: n,
  status: 'confirmed',
  providerName: 'Lot <b>One</b>',
  address: '1 Main St, Orlando, FL 32801',
  providerPhone: '(407) 555-0100',
  checkIn: 'Jan 06, 2027 at 9:00 AM',
  checkOut: 'Jan 08, 2027 at 9:00 AM',
  vehicle: 'Honda Civic',
  licensePlate: 'PASS 42',
  arrival: ['Drive to Lot One.', 'Show this QR pass.'],
  qr: 'data:image/png;base64,iVBORw0KGgo=',
  savedAt: '2026-11-27T03:00:00.000Z',
});

/** The worker in a sandbox: its listeners, its caches, and a network the test switches. */
function worker() {
  const listeners: Record<string, Listener> = {};
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (key: string) => store.get(String(key))?.clone(),
      put: async (key: string, res: Response) => void store.set(String(key), res),
      delete: async (key: string) => store.delete(String(key)),
    };
  };
  const state = { network: 'online' as Network, asked: [] as string[] };
  const fetch = async (input: string | { url: string }, init?: { signal?: AbortSignal }) => {
    const url = new URL(typeof input === 'string' ? input : input.url, ORIGIN);
    state.asked.push(url.pathname + url.search);
    if (state.network === 'offline' || init?.signal?.aborted) throw new TypeError('Failed to fetch');
    if (url.pathname.endsWith('/offline-pass')) {
      if (state.network === 'gone') return Response.json({ error: 'Booking not found' }, { status: 404 });
      return Response.json(passOf(decodeURIComponent(url.pathname.split('/')[3]!)));
    }
    return new Response('<!doctype html><title>server page</title>', { headers: { 'Content-Type': 'text/html' } });
  };
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: Listener) => (listeners[type] = fn),
    skipWaiting: () => undefined,
    clients: { claim: async () => undefined },
  };
  const caches = { open, keys: async () => [...stores.keys()], delete: async (name: string) => stores.delete(name) };
  vm.runInNewContext(SOURCE, { self, caches, fetch, Response, URL, AbortController, setTimeout, clearTimeout });

  const message = (data: object) =>
    new Promise<{ saved: boolean; gone?: boolean }>((resolve) => {
      listeners.message!({ data, ports: [{ postMessage: resolve }], waitUntil: () => undefined });
    });
  /** A page load: the worker's answer, or undefined when it leaves the request to the network. */
  const navigate = async (p: string, mode = 'navigate') => {
    let answer: Promise<Response> | undefined;
    listeners.fetch!({ request: { method: 'GET', mode, url: `${ORIGIN}${p}` }, respondWith: (r: Promise<Response>) => (answer = Promise.resolve(r)) });
    return answer && (await answer);
  };
  const stored = async (n: string) => Boolean(await (await open('pp-offline-passes-v1')).match(`${ORIGIN}/pass/${n}/data`));
  return { state, message, navigate, stored };
}

describe('the service worker', () => {
  it('saves a pass when the page asks, and draws it with the network cut: QR, plate, dates, escaped, under a strict policy', async () => {
    const w = worker();
    expect(await w.message({ type: 'save-pass', confirmationNumber: 'pp-abc123', token: 'tok' })).toEqual({ saved: true });
    expect(w.state.asked).toEqual(['/api/bookings/PP-ABC123/offline-pass?token=tok']);
    expect(await w.stored('PP-ABC123')).toBe(true);

    w.state.network = 'offline';
    const res = (await w.navigate('/pass/PP-ABC123'))!;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('Offline copy — saved on this device');
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" width="232" height="232" alt="Parking pass QR code for PP-ABC123">');
    expect(html).toContain('PASS 42');
    expect(html).toContain('Jan 06, 2027 at 9:00 AM');
    expect(html).toContain('href="tel:4075550100"');
    expect(html).toContain('Lot &lt;b&gt;One&lt;/b&gt;');
    expect(html).not.toContain('<b>One</b>');
    expect(html).toContain('href="/manage/PP-ABC123?token=tok"');
  });

  it("answers the booking's own pages from the copy only when the network fails, and leaves every other request alone", async () => {
    const w = worker();
    await w.message({ type: 'save-pass', confirmationNumber: 'PP-ABC123' });
    expect(await (await w.navigate('/manage/PP-ABC123?token=tok'))!.text()).toContain('server page');
    w.state.network = 'offline';
    expect(await (await w.navigate('/manage/PP-ABC123?token=tok'))!.text()).toContain('PASS 42');
    expect(await (await w.navigate('/thank-you?confirmation=PP-ABC123&token=tok'))!.text()).toContain('PASS 42');
    const other = (await w.navigate('/manage/PP-OTHER1'))!;
    expect(other.status).toBe(503);
    expect(await other.text()).toContain('You are offline');
    expect(await w.navigate('/')).toBeUndefined();
    expect(await w.navigate('/locations')).toBeUndefined();
    expect(await w.navigate('/pass/PP-ABC123', 'cors')).toBeUndefined();
  });

  it('checks the copy with the server when opened online, and deletes it when the booking is gone', async () => {
    const w = worker();
    await w.message({ type: 'save-pass', confirmationNumber: 'PP-ABC123', token: 'tok' });
    w.state.asked = [];
    expect((await w.navigate('/pass/PP-ABC123'))!.status).toBe(200);
    expect(w.state.asked).toEqual(['/api/bookings/PP-ABC123/offline-pass?token=tok']);

    w.state.network = 'gone';
    const res = (await w.navigate('/pass/PP-ABC123'))!;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${ORIGIN}/manage/PP-ABC123`);
    expect(await w.stored('PP-ABC123')).toBe(false);
    // Nothing saved any more: the page load goes to the server (which sends the device to the manage page).
    expect(await (await w.navigate('/pass/PP-ABC123'))!.text()).toContain('server page');
  });

  it('forgets a pass when the page says so, and saves nothing for a booking the server refuses', async () => {
    const w = worker();
    await w.message({ type: 'save-pass', confirmationNumber: 'PP-ABC123' });
    expect(await w.message({ type: 'forget-pass', confirmationNumber: 'PP-ABC123' })).toEqual({ saved: false });
    expect(await w.stored('PP-ABC123')).toBe(false);
    w.state.network = 'gone';
    expect(await w.message({ type: 'save-pass', confirmationNumber: 'PP-XYZ999' })).toEqual({ saved: false, gone: true });
    expect(await w.stored('PP-XYZ999')).toBe(false);
  });
});
