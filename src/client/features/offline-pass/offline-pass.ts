// The device's offline copy of a booking's pass, from the page's side: register the service worker (/sw.js,
// public/sw.js) and ask it to save the pass, or delete the copy (cancelled, links
// ended). Runs only in effects and handlers, on the manage and thank-you pages (never in the entry chunk).
const CACHE = 'pp-offline-passes-v1';
const SAVE_TIMEOUT_MS = 15_000;

/** The page the worker draws from the saved copy (the link keeps the token for a device without one). */
export const offlinePassUrl = (confirmationNumber: string, token?: string | null) =>
  `/pass/${encodeURIComponent(confirmationNumber)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

const dataKey = (confirmationNumber: string) => `/pass/${encodeURIComponent(confirmationNumber.trim().toUpperCase())}/data`;

function supported() {
  return typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'caches' in window;
}

/** Saves the pass on this device; true once the worker has stored it. */
export async function savePassOffline(confirmationNumber: string, token?: string | null): Promise<boolean> {
  if (!supported()) return false;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const worker = (await navigator.serviceWorker.ready).active;
    if (!worker) return false;
    return await new Promise<boolean>((resolve) => {
      const channel = new MessageChannel();
      const timer = setTimeout(() => resolve(false), SAVE_TIMEOUT_MS);
      channel.port1.onmessage = (e: MessageEvent<{ saved?: boolean } | null>) => {
        clearTimeout(timer);
        resolve(Boolean(e.data?.saved));
      };
      worker.postMessage({ type: 'save-pass', confirmationNumber, token: token ?? null }, [channel.port2]);
    });
  } catch {
    return false; // private browsing without storage, a blocked worker: the page works as before
  }
}

/** Deletes this booking's saved pass (cancelled, links ended): straight from Cache Storage, worker or not. */
export async function forgetPassOffline(confirmationNumber: string): Promise<void> {
  if (!supported()) return;
  try {
    if (!(await caches.has(CACHE))) return;
    await (await caches.open(CACHE)).delete(dataKey(confirmationNumber));
  } catch {
    // Storage unavailable: nothing was saved either.
  }
}
