// The parking assistant: a rule engine over the catalogue (no external AI). It finds the place, dates and
// intent in a message, runs the same search as the results page, and answers in plain sentences from real
// lot data. The SEO-page chat answers questions about one location. Conversations live in chat_sessions.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DB } from '../../db/client';
import { chatSessions } from '../../db/schema';
import type { Context } from '../../trpc/init';
import { AMENITY_FILTERS, type TAmenityFilter } from '@/shared/search-options';
import { parseStayDates } from '@/shared/nlu/dates';
import { detectIntents, PARKING_WORDS, type Intent } from '@/shared/nlu/intents';
import { dayFromToday, formatPrice } from '@/shared/pricing';
import type { ZChatInput } from '@/shared/schemas/chat';
import { allLocations, findLocation, recordSearch, searchProviders, type TProviderResult } from '../search/search.service';
import { findLocationInText } from './find-location';

type Ctx = Pick<Context, 'db' | 'user' | 'env'>;
type Input = z.output<typeof ZChatInput>;
type Place = NonNullable<ReturnType<typeof findLocation>>;

export const NO_MATCH_REPLY =
  "I couldn't find that place in our coverage. Try a major airport code like LAX, JFK or MCO, or a cruise port such as Port Canaveral or PortMiami.";
const HINT =
  "I can find and compare parking near 50 US airports and 20 cruise ports. Tell me where and when, for example \"MCO from March 3 to March 7\" or \"cheap parking near the Miami cruise port next Friday for 3 days\".";

const AMENITY_INTENTS: Partial<Record<Intent, TAmenityFilter>> = { shuttle: 'shuttle', covered: 'covered', valet: 'valet', ev: 'ev' };
const AMENITY_PHRASES: Record<TAmenityFilter, string> = { shuttle: 'a shuttle', covered: 'covered parking', valet: 'valet parking', ev: 'EV charging', '24/7': '24/7 access' };

const shortDate = (d: string) => new Date(`${d.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const placeName = (p: Place) => (p.kind === 'airport' ? `${p.name} (${p.code})` : p.name);

// ---------------------------------------------------------------------------------------------------------
// Sessions

function loadSession(ctx: Ctx, sessionId: string) {
  const row = ctx.db.select().from(chatSessions).where(eq(chatSessions.visitorId, sessionId)).get();
  // A session belongs to whoever started it: a signed-in user's conversation is theirs alone.
  if (row && row.userId && row.userId !== ctx.user?.id) return null;
  return row ?? null;
}

function saveSession(db: DB, ctx: Ctx, sessionId: string, existing: ReturnType<typeof loadSession>, location: string | null, turns: { role: string; content: string }[]) {
  const messages = [...(existing?.messages ?? []), ...turns.map((t) => JSON.stringify({ ...t, at: new Date().toISOString() }))].slice(-50);
  if (existing) {
    db.update(chatSessions)
      .set({ messages, location: location ?? existing.location, userId: existing.userId ?? ctx.user?.id ?? null, updatedAt: new Date() })
      .where(and(eq(chatSessions.id, existing.id)))
      .run();
  } else {
    db.insert(chatSessions).values({ visitorId: sessionId, userId: ctx.user?.id ?? null, location, messages }).run();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Answers

const away = (p: TProviderResult) => `${p.distanceMiles} mile${p.distanceMiles === 1 ? '' : 's'} from the terminal`;

function describeLot(p: TProviderResult): string {
  const shuttle = p.shuttleInfo?.split(/[;(]/)[0]!.trim().replace(/[.,]$/, '');
  return `${p.name} (${away(p)}${shuttle ? `, ${shuttle.charAt(0).toLowerCase()}${shuttle.slice(1)}` : ''})`;
}

function searchAnswer(place: Place, providers: TProviderResult[], intents: Intent[], days: number, dates: { arrivalDate: string; departureDate: string }): string {
  const when = `${shortDate(dates.arrivalDate)} to ${shortDate(dates.departureDate)}`;
  const where = placeName(place);
  if (!providers.length) return `I couldn't find open lots near ${where} for ${when}. Try other dates, or ask me about a nearby airport or port.`;

  const wanted = intents.map((i) => AMENITY_INTENTS[i]).filter(Boolean) as TAmenityFilter[];
  const matching = providers.filter((p) => wanted.every((a) => p.amenities.includes(AMENITY_FILTERS[a])));
  const pool = matching.length ? matching : providers;
  const cheapest = [...pool].sort((a, b) => a.total - b.total)[0]!;
  const nearest = [...pool].sort((a, b) => a.distanceMiles - b.distanceMiles)[0]!;
  const lines: string[] = [];

  if (wanted.length) {
    const label = wanted.map((a) => AMENITY_PHRASES[a]).join(' and ');
    lines.push(
      matching.length
        ? `${plural(matching.length, 'lot')} near ${where} offer ${label} for ${when}.`
        : `None of the lots near ${where} list ${label}, so here are all ${plural(providers.length, 'option')} for ${when}.`,
    );
  } else {
    lines.push(`I found ${plural(providers.length, 'parking option')} near ${where} for ${when} (${plural(days, 'day')}).`);
  }
  if (intents.includes('price') || !wanted.length) {
    lines.push(`The lowest total is ${formatPrice(cheapest.total)} at ${describeLot(cheapest)}, including the $1.99 service fee.`);
  } else {
    lines.push(`Totals start at ${formatPrice(cheapest.total)} at ${describeLot(cheapest)}.`);
  }
  if (nearest.id !== cheapest.id) lines.push(`Closest to the terminal: ${nearest.name}, ${nearest.distanceMiles} miles away, ${formatPrice(nearest.total)} in total.`);
  if (intents.includes('security')) {
    const secure = pool.find((p) => p.securityFeatures) ?? cheapest;
    lines.push(secure.securityFeatures ? `For security, ${secure.name} has ${secure.securityFeatures.charAt(0).toLowerCase()}${secure.securityFeatures.slice(1).replace(/\.$/, '')}.` : 'Every lot we list is staffed or monitored; check each lot\'s details for cameras and patrols.');
  }
  if (intents.includes('cancellation') && cheapest.cancellationPolicy) lines.push(`Cancellation at ${cheapest.name}: ${cheapest.cancellationPolicy}`);
  lines.push('Pick a lot below to see its details or book it.');
  return lines.join(' ');
}

function policyAnswer(intents: Intent[]): string | null {
  if (intents.includes('cancellation')) {
    return 'You can cancel from Booking History in your account menu. Cancel 24 hours or more before arrival and the parking fee goes back to your card; closer to arrival, the lot\'s own policy applies (most allow free cancellation up to 24 hours before). The $1.99 service fee is not refundable.';
  }
  if (intents.includes('how_it_works')) {
    return 'Tell me where you are flying or sailing from and when. I search the lots nearby and show each one with its total price: the lot\'s rate plus one flat $1.99 fee. Pick a lot, book it with a card, and you get a confirmation number and a QR parking pass by e-mail.';
  }
  if (intents.includes('booking_help')) {
    return 'To book: tell me the airport or cruise port and your dates, choose a lot from the results, then fill in your details and pay on the checkout page. You get a confirmation e-mail with your parking pass right away.';
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Parking chat

export function parkingChat(ctx: Ctx, input: Input, now = new Date()) {
  const sessionId = input.sessionId ?? randomBytes(12).toString('base64url');
  const session = input.sessionId ? loadSession(ctx, input.sessionId) : null;
  const text = input.message;
  const intents = detectIntents(text);
  const dates = parseStayDates(text, now);
  const named = findLocationInText(allLocations(ctx.db), text);
  // Follow-ups ("any with valet?", "and next week?") stay with the place talked about last.
  const remembered = input.lastSearchLocation || session?.location;
  const followUp = !named && remembered && (dates || intents.some((i) => i in AMENITY_INTENTS || i === 'price' || i === 'security')) ? findLocation(ctx.db, remembered) : null;
  const place = named ?? followUp;

  let reply: { response: string; needsSearch: boolean; showBookingOptions: boolean; location: string | null; arrivalDate?: string; departureDate?: string };
  if (place) {
    const window = dates ?? { arrivalDate: dayFromToday(1, now.getTime()), departureDate: dayFromToday(2, now.getTime()) };
    const result = searchProviders(ctx.db, { location: place.code, ...window, sort: 'price', amenities: [], record: false });
    if (ctx.user) recordSearch(ctx.db, ctx.user.id, text.slice(0, 120), place.name, result.providers.length);
    const days = result.providers[0]?.days ?? 1;
    reply = {
      response: searchAnswer(place, result.providers, intents, days, window),
      needsSearch: true,
      showBookingOptions: result.providers.length > 0,
      location: place.name,
      ...window,
    };
  } else {
    const policy = policyAnswer(intents);
    const greeting = intents.includes('greeting') ? 'Hi! ' : '';
    if (policy) reply = { response: `${greeting}${policy}`, needsSearch: false, showBookingOptions: false, location: null };
    else if (intents.includes('greeting') && !PARKING_WORDS.test(text)) {
      reply = { response: `Hi! I'm the ${ctx.env.BRAND_NAME} parking assistant. Where are you flying or sailing from, and when?`, needsSearch: false, showBookingOptions: false, location: null };
    } else if (PARKING_WORDS.test(text) || dates || intents.some((i) => i === 'price' || i === 'security' || i in AMENITY_INTENTS)) {
      const ask = intents.includes('price') || intents.includes('security') || intents.some((i) => i in AMENITY_INTENTS);
      reply = {
        response: ask && !/\b(at|near|in)\s+\w/.test(text.toLowerCase()) ? 'Sure! Which airport or cruise port are you leaving from? For example LAX, JFK, MCO, Port Canaveral or PortMiami.' : NO_MATCH_REPLY,
        needsSearch: false,
        showBookingOptions: false,
        location: null,
      };
    } else reply = { response: HINT, needsSearch: false, showBookingOptions: false, location: null };
  }

  saveSession(ctx.db, ctx, sessionId, session, place?.name ?? null, [
    { role: 'user', content: text },
    { role: 'assistant', content: reply.response },
  ]);
  return { ...reply, sessionId };
}

// ---------------------------------------------------------------------------------------------------------
// SEO location page chat

export function locationChat(ctx: Ctx, input: Input & { context: NonNullable<Input['context']> }, now = new Date()) {
  const place = findLocation(ctx.db, input.context.location);
  if (!place) return { message: NO_MATCH_REPLY };
  const text = input.message;
  const intents = detectIntents(text);
  const dates = parseStayDates(text, now);
  const window = dates ?? {
    arrivalDate: input.context.arrivalDate || dayFromToday(1, now.getTime()),
    departureDate: input.context.departureDate || dayFromToday(2, now.getTime()),
  };
  let providers: TProviderResult[] = [];
  try {
    providers = searchProviders(ctx.db, { location: place.code, ...window, sort: 'price', amenities: [], record: false }).providers;
  } catch {
    providers = searchProviders(ctx.db, { location: place.code, arrivalDate: dayFromToday(1, now.getTime()), departureDate: dayFromToday(2, now.getTime()), sort: 'price', amenities: [], record: false }).providers;
  }
  const where = placeName(place);
  if (!providers.length) return { message: `We don't have lots listed near ${where} yet. Call us and we'll help you find one.` };

  const prices = providers.map((p) => p.price).sort((a, b) => a - b);
  const shuttles = providers.filter((p) => p.amenities.includes('Shuttle') || p.shuttleInfo);
  const nearest = [...providers].sort((a, b) => a.distanceMiles - b.distanceMiles)[0]!;
  const policy = policyAnswer(intents);
  const lines: string[] = [];
  if (intents.includes('greeting') && intents.length === 1 && !PARKING_WORDS.test(text)) {
    lines.push(`Hi! Ask me anything about parking at ${where}: prices, shuttles, distance, covered or valet parking.`);
  } else if (policy && !intents.some((i) => i === 'price' || i === 'shuttle' || i in AMENITY_INTENTS)) {
    lines.push(policy);
  } else {
    const wanted = intents.map((i) => AMENITY_INTENTS[i]).filter(Boolean) as TAmenityFilter[];
    if (wanted.length && !(wanted.length === 1 && wanted[0] === 'shuttle')) {
      lines.push(searchAnswer(place, providers, intents, providers[0]!.days, window));
    } else {
      lines.push(`${plural(providers.length, 'lot')} near ${where} list daily rates from ${formatPrice(prices[0]!)} to ${formatPrice(prices[prices.length - 1]!)}.`);
      lines.push(`For ${shortDate(window.arrivalDate)} to ${shortDate(window.departureDate)} the lowest total is ${formatPrice(providers[0]!.total)} at ${providers[0]!.name}, including the $1.99 fee.`);
      if (intents.includes('shuttle') || !intents.length || intents.includes('price')) {
        lines.push(
          shuttles.length
            ? `${shuttles.length === providers.length ? 'Every lot runs' : `${plural(shuttles.length, 'lot')} run`} a shuttle to the terminal${shuttles[0]!.shuttleInfo ? `; for example ${shuttles[0]!.name}: ${shuttles[0]!.shuttleInfo.split(';')[0]!.trim().replace(/\.$/, '')}` : ''}.`
            : 'None of the lots lists a shuttle; most are within walking distance or a short taxi ride.',
        );
      }
      lines.push(`The closest is ${nearest.name}, ${away(nearest)}.`);
    }
  }
  return { message: lines.join(' ') };
}
