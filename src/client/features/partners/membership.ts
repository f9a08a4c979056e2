// The caller's place in one partner (role, lots), as the portal receives it, and the portal's address: the
// partner, the section and the bookings' filters live in the URL (?partner=&tab=&lot=&from=&to=&status=&page=).
import { useLocation, useSearch } from 'wouter';
import type { RouterOutputs } from '@/client/lib/trpc';

export type Membership = RouterOutputs['partner']['memberships'][number];

/** The portal's search parameters, and a setter that keeps the others (a null or '' value removes one). */
export function usePortalParams() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const set = (changes: Record<string, string | number | null | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    const q = next.toString();
    navigate(q ? `/partner?${q}` : '/partner', { replace: true });
  };
  return { params, set };
}
