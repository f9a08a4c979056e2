// What checkout starts from, after hydration (it depends on the clock and the browser): the stay's times at the
// lot (a search's dates become 10:00, or for today the next bookable half hour, shared/stay-times.ts), then
// whatever the traveller typed before a reload of this same checkout URL, kept in sessionStorage. Card fields
// are never stored.
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { TBookingForm } from '@/shared/schemas/bookings';
import { defaultArrival, defaultDeparture } from '@/shared/stay-times';

/** The fields a reload keeps: everything but the card and the consent, which are asked again. */
const KEPT = ['firstName', 'lastName', 'email', 'phone', 'arrivalDate', 'departureDate', 'vehicleMake', 'vehicleModel', 'licensePlate'] as const;
type Kept = Pick<TBookingForm, (typeof KEPT)[number]>;

const storageKey = (url: string) => `parkpilot:checkout:${url}`;

function readDraft(url: string): Partial<Kept> {
  try {
    const raw = JSON.parse(sessionStorage.getItem(storageKey(url)) ?? 'null') as Record<string, unknown> | null;
    if (!raw || typeof raw !== 'object') return {};
    // Only what was filled in: an empty field of the draft leaves the account's prefill in place.
    return Object.fromEntries(KEPT.filter((k) => typeof raw[k] === 'string' && raw[k]).map((k) => [k, raw[k] as string]));
  } catch {
    return {}; // storage blocked or a damaged entry: start afresh
  }
}

function writeDraft(url: string, form: TBookingForm) {
  try {
    sessionStorage.setItem(storageKey(url), JSON.stringify(Object.fromEntries(KEPT.map((k) => [k, form[k]]))));
  } catch {
    // storage full or blocked: a reload starts afresh, nothing else changes
  }
}

/** The form's first render, the same on the server and in the browser: the URL's dates at 10:00. */
export function initialStay(arrival: string | null, departure: string | null) {
  return { arrivalDate: (arrival && defaultDeparture(arrival)) || '', departureDate: (departure && defaultDeparture(departure)) || '' };
}

/**
 * Resolves the stay's times once the lot's time zone is known, restores this URL's draft, then keeps the
 * draft as the traveller types. `ready` turns true once the dates are final (the estimate waits for it);
 * `clear` forgets the draft (after booking).
 */
export function useCheckoutDraft({
  url,
  form,
  setForm,
  zone,
  urlArrival,
  urlDeparture,
}: {
  url: string;
  form: TBookingForm;
  setForm: Dispatch<SetStateAction<TBookingForm>>;
  zone: string | null;
  urlArrival: string | null;
  urlDeparture: string | null;
}) {
  const [ready, setReady] = useState(false);
  const cleared = useRef(false);

  useEffect(() => {
    if (ready || !zone) return;
    const arrivalDate = (urlArrival && defaultArrival(urlArrival, zone, Date.now())) || '';
    const departureDate = (urlDeparture && defaultDeparture(urlDeparture)) || '';
    const draft = readDraft(url);
    // What was typed before the reload wins over the defaults and the account's details.
    setForm((f) => ({ ...f, arrivalDate, departureDate, ...draft }));
    setReady(true);
  }, [ready, zone, url, urlArrival, urlDeparture, setForm]);

  useEffect(() => {
    if (ready && !cleared.current) writeDraft(url, form);
  }, [ready, url, form]);

  return {
    ready,
    clear: () => {
      cleared.current = true;
      try {
        sessionStorage.removeItem(storageKey(url));
      } catch {
        // nothing kept
      }
    },
  };
}
