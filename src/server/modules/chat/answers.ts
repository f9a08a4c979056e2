// The parking assistant's sentences: a search summary that agrees with the filters and sort it applied
// (the results list shows the same), and the product's policies. Every figure comes from the search.
import { formatMiles } from '@/shared/geo';
import { AMENITY_FILTERS, type TAmenityFilter } from '@/shared/search-options';
import type { StayDates } from '@/shared/nlu/dates';
import type { Intent } from '@/shared/nlu/intents';
import type { TSort } from '@/shared/nlu/search-filters';
import { ACCESS_FEE_UNLOCKS } from '@/shared/access-fee';
import { formatStay } from '@/shared/format';
import { ACCESS_FEE_TEXT, formatPrice, SERVICE_FEE_TEXT } from '@/shared/pricing';
import { compareByRating, realRating } from '@/shared/ratings';
import type { findLocation, TProviderResult } from '../search/search.service';
import { HOW_TO_CANCEL, hoursFacts, motorcycleFacts, otherAmenityFacts, oversizeFacts, plural, securityFacts, type Contact } from './lot-facts';

export type Place = NonNullable<Awaited<ReturnType<typeof findLocation>>>;

const AMENITY_PHRASES: Record<TAmenityFilter, string> = { shuttle: 'a shuttle', covered: 'covered parking', valet: 'valet parking', ev: 'EV charging', '24/7': '24/7 access' };
const SORT_PHRASES: Record<TSort, string> = { price: 'total price, lowest first', distance: 'distance to the terminal, closest first', rating: 'rating, best first' };

/** 'Mar 3', or 'Mar 3 at 6:00 PM' for a wall-clock time past midnight ('YYYY-MM-DDTHH:mm'). */
export const shortDate = (d: string) => {
  const day = new Date(`${d.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return d.length > 10 && !d.endsWith('T00:00') ? `${day} at ${formatStay(d).split(' at ')[1]}` : day;
};
export const placeName = (p: Place) => (p.kind === 'airport' ? `${p.name} (${p.code})` : p.name);
export const away = (p: TProviderResult) => `${formatMiles(p.distanceMiles)} from the terminal`;

/** The search page's orders, so "the cheapest" here is the first row there. */
export const ORDER: Record<TSort, (a: TProviderResult, b: TProviderResult) => number> = {
  price: (a, b) => a.total - b.total || a.distanceMiles - b.distanceMiles,
  distance: (a, b) => a.distanceMiles - b.distanceMiles || a.total - b.total,
  rating: (a, b) => compareByRating(a, b) || a.total - b.total,
};
export const firstBy = (sort: TSort, lots: TProviderResult[]) => [...lots].sort(ORDER[sort])[0]!;

export function describeLot(p: TProviderResult): string {
  const shuttle = p.shuttleInfo?.split(/[;(]/)[0]!.trim().replace(/[.,]$/, '');
  return `${p.name} (${away(p)}${shuttle ? `, ${shuttle.charAt(0).toLowerCase()}${shuttle.slice(1)}` : ''})`;
}

export interface SearchAnswerInput {
  place: Place;
  providers: TProviderResult[];
  intents: Intent[];
  text: string;
  dates: StayDates;
  /** Amenity filters asked for; applied only when some lot has them all. */
  wanted: TAmenityFilter[];
  sort: TSort | null;
  contact: Contact;
  /** False on a location page's chat: its answers do not change the list beside it, so they say nothing of it. */
  listActions?: boolean;
}

/** The reply to a search, and the filters it applied (the results list applies the same). */
export function searchAnswer({ place, providers, intents, text, dates, wanted, sort, contact, listActions = true }: SearchAnswerInput): {
  response: string;
  amenities: TAmenityFilter[];
} {
  const when = `${shortDate(dates.arrivalDate)} to ${shortDate(dates.departureDate)}`;
  const where = placeName(place);
  if (!providers.length) return { response: `I couldn't find open lots near ${where} for ${when}. Try other dates, or ask me about a nearby airport or port.`, amenities: [] };

  const matching = providers.filter((p) => wanted.every((a) => p.amenities.includes(AMENITY_FILTERS[a])));
  const applied = wanted.length && matching.length ? wanted : [];
  const pool = applied.length ? matching : providers;
  const days = providers[0]!.days;
  const cheapest = firstBy('price', pool);
  const nearest = firstBy('distance', pool);
  const best = firstBy('rating', pool);
  const bestRating = realRating(best);
  const lines: string[] = [];

  if (wanted.length) {
    const label = wanted.map((a) => AMENITY_PHRASES[a]).join(' and ');
    lines.push(
      matching.length
        ? `${plural(matching.length, 'lot')} near ${where} offer${matching.length === 1 ? 's' : ''} ${label} for ${when} (${plural(days, 'day')}).`
        : `None of the lots near ${where} list ${label}, so here are all ${plural(providers.length, 'option')} for ${when}.`,
    );
  } else {
    lines.push(`I found ${plural(providers.length, 'parking option')} near ${where} for ${when} (${plural(days, 'day')}).`);
  }

  if (sort === 'distance') {
    lines.push(`The closest to the terminal is ${describeLot(nearest)}, ${formatPrice(nearest.total)} in total.`);
    if (cheapest.id !== nearest.id) lines.push(`The lowest total is ${formatPrice(cheapest.total)} at ${cheapest.name}, ${away(cheapest)}.`);
  } else if (sort === 'rating' && bestRating) {
    lines.push(
      `The best rated is ${best.name}, ${bestRating.value.toFixed(1)} out of 5 from ${plural(bestRating.count, 'review')}, ${formatPrice(best.total)} in total (${away(best)}).`,
    );
    const cheapestRating = realRating(cheapest);
    if (cheapest.id !== best.id)
      lines.push(
        `The lowest total is ${formatPrice(cheapest.total)} at ${cheapest.name}${cheapestRating ? ` (rated ${cheapestRating.value.toFixed(1)})` : ', which has no reviews yet'}.`,
      );
  } else {
    if (sort === 'rating') lines.push('None of these lots has reviews yet.');
    if (sort === 'price' || intents.includes('price') || !wanted.length) {
      lines.push(`The lowest total is ${formatPrice(cheapest.total)} at ${describeLot(cheapest)}, including the ${SERVICE_FEE_TEXT} service fee.`);
    } else {
      lines.push(`Totals start at ${formatPrice(cheapest.total)} at ${describeLot(cheapest)}.`);
    }
    if (nearest.id !== cheapest.id) lines.push(`Closest to the terminal: ${nearest.name}, ${formatMiles(nearest.distanceMiles)} away, ${formatPrice(nearest.total)} in total.`);
  }

  if (intents.includes('security')) lines.push(securityFacts(pool, where));
  if (intents.includes('oversize')) lines.push(oversizeFacts(providers, where, text, contact));
  if (intents.includes('motorcycle')) lines.push(motorcycleFacts(providers, where, contact));
  if (intents.includes('hours') && !applied.includes('24/7')) lines.push(hoursFacts(pool, where, contact));
  lines.push(...otherAmenityFacts(pool, where, text));
  if (intents.includes('cancellation') && cheapest.cancellationPolicy) lines.push(`Cancellation at ${cheapest.name}: ${cheapest.cancellationPolicy}`);
  if (listActions) {
    if (sort) lines.push(`I've sorted the list by ${SORT_PHRASES[sort]}.`);
    lines.push('Pick a lot below to see its details or book it.');
  }
  return { response: lines.join(' '), amenities: applied };
}

/** What the detail fee gets, from the list the fee's own dialog shows. */
export const ACCESS_FEE_ANSWER = `The ${ACCESS_FEE_TEXT} fee unlocks the full details of every lot near one airport or cruise port: ${ACCESS_FEE_UNLOCKS.map((u, i) => (i === 0 ? u.charAt(0).toLowerCase() + u.slice(1) : u.toLowerCase())).join('; ')}. You pay it once for that place, and the ${ACCESS_FEE_TEXT} is credited back toward your booking there. Booking never needs it: you can book any lot without unlocking the details.`;

export function policyAnswer(intents: Intent[]): string | null {
  if (intents.includes('access_fee')) return ACCESS_FEE_ANSWER;
  if (intents.includes('cancellation')) {
    return `${HOW_TO_CANCEL} Cancel 24 hours or more before arrival and the parking fee goes back to your card; closer to arrival, the lot's own policy applies (most allow free cancellation up to 24 hours before). The ${SERVICE_FEE_TEXT} service fee is not refundable.`;
  }
  if (intents.includes('how_it_works')) {
    return `Tell me where you are flying or sailing from and when. I search the lots nearby and show each one with its total price: the lot's rate plus one flat ${SERVICE_FEE_TEXT} fee. Pick a lot, book it with a card, and you get a confirmation number and a QR parking pass by e-mail.`;
  }
  if (intents.includes('booking_help')) {
    return 'To book: tell me the airport or cruise port and your dates, choose a lot from the results, then fill in your details and pay on the checkout page. You get a confirmation e-mail with your parking pass right away.';
  }
  return null;
}
