// Detail gating (spec section 9): details are hidden when access to the location is not paid and the
// visitor has run 2 or more searches or 2 minutes have passed since the session started (local storage).
// A search is a place and dates: sorting, filtering, a reload or the list shown again do not count. Gating
// only ever hides details: choosing a lot and booking it never wait on the fee.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '@/client/features/auth/use-session';
import { useTRPC } from '@/client/lib/trpc';
import { GATING_SEARCH_LIMIT, GATING_TIME_MS } from '@/shared/constants';

const SEARCH_COUNT = 'searchCount';
const SESSION_START = 'sessionStartTime';
/** The place and dates last counted, so showing the same search again (sorted, filtered, reloaded) is not another. */
const LAST_SEARCH = 'lastCountedSearch';

function readText(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

const read = (key: string): number => Number(readText(key) ?? 0) || 0;

function write(key: string, value: number | string) {
  try {
    window.localStorage.setItem(key, String(value));
  } catch {
    // Private mode: gating then relies on the clock only.
  }
}

/**
 * Counts a search toward the free allowance, once per new place or dates: the same search shown again (sorted,
 * filtered, reloaded, or its list mounted anew) is not counted twice in a row. Returns whether it counted.
 */
export function countSearch(search: { location: string; arrivalDate: string; departureDate: string }): boolean {
  const key = [search.location, search.arrivalDate.slice(0, 10), search.departureDate.slice(0, 10)].join('|').toUpperCase();
  if (readText(LAST_SEARCH) === key) return false;
  write(LAST_SEARCH, key);
  write(SEARCH_COUNT, read(SEARCH_COUNT) + 1);
  window.dispatchEvent(new Event('pp:gating'));
  return true;
}

function overLimit(now = Date.now()): boolean {
  let start = read(SESSION_START);
  if (!start) {
    start = now;
    write(SESSION_START, start);
  }
  return read(SEARCH_COUNT) >= GATING_SEARCH_LIMIT || now - start >= GATING_TIME_MS;
}

/** Whether the lot details of a location are locked for this visitor. Never locked on the server render. */
export function useDetailsLocked(locationCode: string | undefined) {
  const trpc = useTRPC();
  const { user } = useSession();
  const [limited, setLimited] = useState(false);
  // Guests are asked only once the details would lock: the browser that paid is known by its guest cookie.
  const access = useQuery(trpc.payments.checkAccess.queryOptions({ location: locationCode ?? '' }, { enabled: Boolean(locationCode && (user || limited)) }));
  useEffect(() => {
    const update = () => setLimited(overLimit());
    update();
    const start = read(SESSION_START);
    const timer = window.setTimeout(update, Math.max(0, start + GATING_TIME_MS - Date.now()) + 50);
    window.addEventListener('pp:gating', update);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pp:gating', update);
    };
  }, []);
  const paid = Boolean(access.data?.hasAccess);
  return { locked: limited && !paid && Boolean(locationCode), paid };
}
