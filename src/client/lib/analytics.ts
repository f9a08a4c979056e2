// First-party analytics in the browser: page views and the spec's events, batched and sent with
// navigator.sendBeacon to our own /api/analytics/events. A random visitor id lives in local storage and a
// session id expires after 30 minutes idle. Do-Not-Track and Global Privacy Control turn it off.
type EventName = 'page_view' | 'search' | 'sign_up' | 'booking_attempted' | 'booking_completed' | 'purchase_complete' | 'blog_view' | 'blog_share' | 'blog_copy_link';
type Props = Record<string, string | number | boolean>;

const SESSION_IDLE_MS = 30 * 60_000;
const FLUSH_MS = 4000;
const queue: { name: EventName; path: string; referrer?: string; props?: Props; at: number }[] = [];
let timer: number | undefined;
let listening = false;

function disabled(): boolean {
  if (typeof window === 'undefined') return true;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

const randomId = () => (crypto.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^A-Za-z0-9]/g, '').slice(0, 32);

function ids(): { visitorId: string; sessionId: string } | null {
  try {
    let visitorId = localStorage.getItem('pp:vid');
    if (!visitorId) localStorage.setItem('pp:vid', (visitorId = randomId()));
    const now = Date.now();
    const last = Number(localStorage.getItem('pp:sat') ?? 0);
    let sessionId = localStorage.getItem('pp:sid');
    if (!sessionId || now - last > SESSION_IDLE_MS) localStorage.setItem('pp:sid', (sessionId = randomId()));
    localStorage.setItem('pp:sat', String(now));
    return { visitorId, sessionId };
  } catch {
    return null;
  }
}

export function flush() {
  if (!queue.length) return;
  const who = ids();
  const events = queue.splice(0, 50);
  if (!who) return;
  const body = JSON.stringify({ ...who, events });
  const blob = new Blob([body], { type: 'application/json' });
  if (!navigator.sendBeacon?.('/api/analytics/events', blob)) {
    void fetch('/api/analytics/events', { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true, credentials: 'same-origin' }).catch(
      () => undefined,
    );
  }
}

export function track(name: EventName, props?: Props) {
  if (disabled()) return;
  queue.push({ name, path: location.pathname, referrer: name === 'page_view' ? document.referrer || undefined : undefined, props, at: Date.now() });
  if (!listening) {
    listening = true;
    addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
    addEventListener('pagehide', flush);
  }
  window.clearTimeout(timer);
  timer = window.setTimeout(flush, queue.length >= 10 ? 0 : FLUSH_MS);
}

/** A page view; only the first one keeps the external referrer. */
let firstView = true;
export function trackPageView() {
  if (disabled()) return;
  track('page_view');
  if (!firstView) queue[queue.length - 1]!.referrer = undefined;
  firstView = false;
}
