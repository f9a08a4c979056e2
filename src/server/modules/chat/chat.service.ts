// The parking assistant: a rule engine over the catalogue (no external AI). It finds the place, dates, filters,
// sort and intent in a message, runs the same search as the results page, and answers in plain sentences from
// real lot data. Follow-ups keep the last search's place and dates (chat-session.ts). The SEO-page chat
// answers questions about one location from its lots' catalogue facts (lot-facts.ts).
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Context } from '../../deps';
import type { TAmenityFilter } from '@/shared/search-options';
import { addDays, iso, todayIn } from '@/shared/nlu/calendar';
import { parseStay, type StayDates } from '@/shared/nlu/dates';
import { detectIntents, PARKING_WORDS, type Intent } from '@/shared/nlu/intents';
import { amenitiesIn, CLEAR_FILTERS, sortIn, type TSort } from '@/shared/nlu/search-filters';
import { dayFromToday, formatPrice, SERVICE_FEE_TEXT } from '@/shared/pricing';
import type { ZChatInput } from '@/shared/schemas/chat';
import { earliestArrivalDay } from '@/shared/schemas/search';
import { allLocations, findLocation, recordSearch, searchProviders, type TProviderResult } from '../search/search.service';
import { away, placeName, policyAnswer, searchAnswer, shortDate, type Place } from './answers';
import { sameDayStay, startPhrase, type SameDayStay } from './same-day';
import { zoneForState } from '@/shared/time-zones';
import { lastSearch, loadSession, saveSession, type RememberedSearch } from './chat-session';
import { findLocationInText } from './find-location';
import { cancellationFacts, hoursFacts, motorcycleFacts, otherAmenityFacts, oversizeFacts, plural, securityFacts, shuttleFacts, unknownAnswer, type Contact } from './lot-facts';

type Ctx = Pick<Context, 'db' | 'user' | 'env'>;
type Input = z.output<typeof ZChatInput>;

export const NO_MATCH_REPLY = "I couldn't find that place in our coverage. Try a major airport code like LAX, JFK or MCO, or a cruise port such as Port Canaveral or PortMiami.";
/** What the assistant can do, with the catalogue's own counts. */
const hint = (places: { kind: string }[]) => {
  const airports = places.filter((p) => p.kind === 'airport').length;
  return `I can find and compare parking near ${airports} US airports and ${places.length - airports} cruise ports. Tell me where and when, for example "MCO from March 3 to March 7" or "cheap parking near the Miami cruise port next Friday for 3 days".`;
};

/** The parking chat's reply (POST /api/chat and chat.send without a page context). */
export interface ParkingChatReply {
  response: string;
  needsSearch: boolean;
  showBookingOptions: boolean;
  /** Display name of the place searched, e.g. 'Boston Logan International Airport'. */
  location: string | null;
  /** 'YYYY-MM-DD', with a search. */
  arrivalDate?: string;
  departureDate?: string;
  /** The results order the reply talks about (search-options SORTS), when the message asked for one. */
  sort?: TSort;
  /** The amenity filters the reply applied (AMENITY_FILTERS keys); absent or empty means none. */
  amenities?: TAmenityFilter[];
  sessionId: string;
}

/** Intents that make a place-less message a follow-up about the last search. */
const FOLLOW_UP_INTENTS = new Set<Intent>(['price', 'closest', 'rating', 'security', 'shuttle', 'covered', 'valet', 'ev', 'open_24_7', 'hours', 'oversize', 'motorcycle']);
const contactOf = (ctx: Ctx): Contact => ({ phone: ctx.env.SUPPORT_PHONE, email: ctx.env.SUPPORT_EMAIL });

/**
 * The stay to search at `place`: the dates named, else the last search's (a duration alone keeps its
 * arrival), else tomorrow; "today" is the place's own. A start today gets a time that is not in the past
 * (same-day.ts); `moved` says the part of the day asked for had already passed.
 */
function stayFor(text: string, carried: RememberedSearch | null, now: Date, place: Pick<Place, 'state'>): SameDayStay {
  const parsed = parseStay(text, now, zoneForState(place.state));
  const sameDay = (dates: StayDates) => sameDayStay(dates, parsed?.startTime ?? null, place.state, now);
  if (parsed?.startGiven) return sameDay(parsed.dates);
  if (parsed && carried && parsed.durationDays) {
    return sameDay({ arrivalDate: carried.arrivalDate, departureDate: iso(addDays(Date.parse(`${carried.arrivalDate.slice(0, 10)}T00:00:00Z`), parsed.durationDays)) });
  }
  if (parsed) return sameDay(parsed.dates);
  if (carried) return sameDay({ arrivalDate: carried.arrivalDate, departureDate: carried.departureDate });
  return { dates: { arrivalDate: dayFromToday(1, now.getTime()), departureDate: dayFromToday(2, now.getTime()) }, moved: false };
}

/** Words after "at", "near", "in", "from" that are not a place ("in 3 days", "from March 3", "on the weekend"). */
const NOT_A_PLACE =
  /^(the|a|an|my|our|this|that|next|coming|upcoming|weekend|week|weeks|days?|nights?|morning|afternoon|evening|night|tonight|today|tomorrow|noon|midnight|jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sept?(ember)?|oct(ober)?|nov(ember)?|dec(ember)?|mon(day)?|tue(s|sday)?|wed(nesday)?|thu(rs|rsday)?|fri(day)?|sat(urday)?|sun(day)?|least|most|all|time|advance|airport|terminal|port|cruise|town|parking|christmas|thanksgiving|easter|holidays?)$/;
/** True when the text names a place we could not find ("parking at Podunk"), as opposed to naming none. */
function namesUnknownPlace(text: string): boolean {
  for (const m of text.toLowerCase().matchAll(/\b(?:at|near|in|from|out of|leaving)\s+([a-z][a-z'.-]{2,})/g)) if (!NOT_A_PLACE.test(m[1]!)) return true;
  return false;
}

/** "Which airport or cruise port are you leaving from on Mar 3 (back Mar 7)?" for dates without a place. */
const WHERE_FROM = 'Which airport or cruise port are you leaving from';
const EXAMPLES = 'For example LAX, JFK, MCO, Port Canaveral or PortMiami.';

// ---------------------------------------------------------------------------------------------------------
// Parking chat

export async function parkingChat(ctx: Ctx, input: Input, now = new Date()): Promise<ParkingChatReply> {
  const sessionId = input.sessionId ?? randomBytes(12).toString('base64url');
  const session = input.sessionId ? await loadSession(ctx, input.sessionId) : null;
  const text = input.message;
  const intents = detectIntents(text);
  const asked = amenitiesIn(text);
  const askedSort = sortIn(text);
  const datesAsked = parseStay(text, now);
  const hasDates = datesAsked !== null;
  const named = findLocationInText(await allLocations(ctx.db), text);
  // Follow-ups ("any with valet?", "and next week?") stay with the place talked about last.
  // The client's last search place first (what its results page shows), else the session's.
  const isFollowUp = !named && (hasDates || asked.length > 0 || askedSort !== null || CLEAR_FILTERS.test(text) || intents.some((i) => FOLLOW_UP_INTENTS.has(i)));
  let followUp: Place | null = null;
  for (const name of isFollowUp ? [input.lastSearchLocation, session?.location] : []) {
    if (name) followUp = await findLocation(ctx.db, name);
    if (followUp) break;
  }
  const place: Place | null = named ?? followUp;

  let reply: Omit<ParkingChatReply, 'sessionId'>;
  let search: RememberedSearch | undefined;
  if (place && stayFor(text, null, now, place).dates.arrivalDate.slice(0, 10) < earliestArrivalDay(now.getTime())) {
    // The search page refuses past arrivals; so does the assistant ("2020-03-03 to 2020-03-07").
    reply = {
      response: `That arrival date has already passed. When are you leaving from ${placeName(place)}?`,
      needsSearch: false,
      showBookingOptions: false,
      location: place.name,
    };
  } else if (place) {
    // The last search's dates carry over (to a new place too: "what about JFK?"), unless they have passed.
    const previous = lastSearch(session);
    const fresh = previous && previous.arrivalDate >= iso(todayIn(now)) ? previous : null;
    const carried = fresh && (named || fresh.code === place.code) ? fresh : null;
    const sameSearch = !named && carried !== null && !CLEAR_FILTERS.test(text);
    const { dates: window, moved } = stayFor(text, carried, now, place);
    // Refining the same search ("which is closest?", "and for 10 days?") keeps its filters and sort; a
    // question about something else (RVs, hours) starts from all lots.
    const refines = sameSearch && (asked.length > 0 || askedSort !== null || hasDates || intents.includes('price'));
    const wanted = asked.length ? asked : refines ? carried.amenities : [];
    const sort = askedSort ?? (refines ? carried.sort : null);

    const result = await searchProviders(ctx.db, { location: place.code, ...window, sort: sort ?? 'price', amenities: [], record: false });
    if (ctx.user) await recordSearch(ctx.db, ctx.user.id, text.slice(0, 120), place.name, result.providers.length, window);
    const answer = searchAnswer({ place, providers: result.providers, intents, text, dates: window, wanted, sort, contact: contactOf(ctx) });
    const movedNote = moved ? `That time has already passed at ${place.city}, so I looked from ${startPhrase(window.arrivalDate, place.state, now)}. ` : '';
    reply = {
      response: movedNote + answer.response,
      needsSearch: true,
      showBookingOptions: result.providers.length > 0,
      location: place.name,
      ...window,
      ...(sort ? { sort } : {}),
      amenities: answer.amenities,
    };
    search = { code: place.code, ...window, amenities: answer.amenities, sort };
  } else {
    const policy = policyAnswer(intents);
    const greeting = intents.includes('greeting') ? 'Hi! ' : '';
    const wantsSomething = asked.length > 0 || askedSort !== null || intents.some((i) => FOLLOW_UP_INTENTS.has(i));
    if (policy) reply = { response: `${greeting}${policy}`, needsSearch: false, showBookingOptions: false, location: null };
    else if (intents.includes('greeting') && !PARKING_WORDS.test(text)) {
      reply = {
        response: `Hi! I'm the ${ctx.env.BRAND_NAME} parking assistant. Where are you flying or sailing from, and when?`,
        needsSearch: false,
        showBookingOptions: false,
        location: null,
      };
    } else if (PARKING_WORDS.test(text) || hasDates || wantsSomething) {
      // Dates or wishes without a place: ask where (keeping the dates for the answer); a place we do not know: say so.
      const when = datesAsked?.startGiven ? ` on ${shortDate(datesAsked.dates.arrivalDate)} (back ${shortDate(datesAsked.dates.departureDate)})` : '';
      const unknown = namesUnknownPlace(text);
      reply = { response: unknown ? NO_MATCH_REPLY : `Sure! ${WHERE_FROM}${when}? ${EXAMPLES}`, needsSearch: false, showBookingOptions: false, location: null };
      // The dates wait for the place: "MCO" next searches them.
      if (!unknown && datesAsked?.startGiven) search = { code: '', ...datesAsked.dates, amenities: asked, sort: askedSort };
    } else reply = { response: hint(await allLocations(ctx.db)), needsSearch: false, showBookingOptions: false, location: null };
  }

  await saveSession(ctx, sessionId, session, place?.name ?? null, [
    { role: 'user', content: text },
    { role: 'assistant', content: reply.response, ...(search ? { search } : {}) },
  ]);
  return { ...reply, sessionId };
}

// ---------------------------------------------------------------------------------------------------------
// SEO location page chat

/** A general request ("what are my options?", "parking") gets the overview, not "I don't know". */
const GENERAL =
  /\b(tell me (more|about)|options?|overview|info(rmation)?|details|what do you have|what'?s available|where (can|do|should) i park|any (lots|parking|spots|spaces)|is (there )?parking|parking available|availability|show me|list)\b/i;
const QUESTION = /\?\s*$|^\s*(can|could|do|does|did|is|are|was|will|would|should|may|what|how|where|when|which|who|why)\b/i;

/** Prices, the cheapest stay, shuttles ('example' quotes one lot's, 'count' leaves times to shuttleFacts) and the closest lot. */
function overview(providers: TProviderResult[], where: string, dates: StayDates, shuttle: 'example' | 'count' | 'none'): string[] {
  const prices = providers.map((p) => p.price).sort((a, b) => a - b);
  const cheapest = providers[0]!;
  const nearest = [...providers].sort((a, b) => a.distanceMiles - b.distanceMiles || a.total - b.total)[0]!;
  const shuttles = providers.filter((p) => p.amenities.includes('Shuttle'));
  const lines = [
    `${plural(providers.length, 'lot')} near ${where} list daily rates from ${formatPrice(prices[0]!)} to ${formatPrice(prices[prices.length - 1]!)}.`,
    `For ${shortDate(dates.arrivalDate)} to ${shortDate(dates.departureDate)} the lowest total is ${formatPrice(cheapest.total)} at ${cheapest.name}, including the ${SERVICE_FEE_TEXT} fee.`,
  ];
  if (shuttle !== 'none') {
    const example =
      shuttle === 'example' && shuttles[0]?.shuttleInfo ? `; for example ${shuttles[0].name}: ${shuttles[0].shuttleInfo.split(';')[0]!.trim().replace(/\.$/, '')}` : '';
    lines.push(
      shuttles.length
        ? `${shuttles.length === providers.length ? 'Every lot runs' : `${plural(shuttles.length, 'lot')} run${shuttles.length === 1 ? 's' : ''}`} a shuttle to the terminal${example}.`
        : 'None of the lots lists a shuttle; most are within walking distance or a short taxi ride.',
    );
  }
  lines.push(`The closest is ${nearest.name}, ${away(nearest)}.`);
  return lines;
}

export async function locationChat(ctx: Ctx, input: Input & { context: NonNullable<Input['context']> }, now = new Date()) {
  const place = await findLocation(ctx.db, input.context.location);
  if (!place) return { message: NO_MATCH_REPLY };
  const text = input.message;
  const intents = detectIntents(text);
  const contact = contactOf(ctx);
  const parsed = parseStay(text, now, zoneForState(place.state));
  const asked = parsed?.dates ?? {
    arrivalDate: input.context.arrivalDate || dayFromToday(1, now.getTime()),
    departureDate: input.context.departureDate || dayFromToday(2, now.getTime()),
  };
  // The page's dates or the ones asked for, never starting in the past ("tonight" is this evening there).
  const window = sameDayStay(asked, parsed?.startTime ?? null, place.state, now).dates;
  let providers: TProviderResult[] = [];
  try {
    providers = (await searchProviders(ctx.db, { location: place.code, ...window, sort: 'price', amenities: [], record: false })).providers;
  } catch {
    providers = (
      await searchProviders(ctx.db, {
        location: place.code,
        arrivalDate: dayFromToday(1, now.getTime()),
        departureDate: dayFromToday(2, now.getTime()),
        sort: 'price',
        amenities: [],
        record: false,
      })
    ).providers;
  }
  const where = placeName(place);
  if (!providers.length) return { message: `We don't have lots listed near ${where} yet. Call us at ${contact.phone} or e-mail ${contact.email} and we'll help you find one.` };

  const lines: string[] = [];
  const has = (i: Intent) => intents.includes(i);
  const others = otherAmenityFacts(providers, where, text);
  // Search filters other than the shuttle and 24/7 (answered as facts below) get the search summary.
  const wanted = amenitiesIn(text).filter((a) => a !== 'shuttle' && a !== '24/7');
  const sort = sortIn(text);
  const facts = has('oversize') || has('motorcycle') || has('hours') || has('open_24_7') || has('shuttle') || has('cancellation') || has('security') || others.length > 0;

  if (has('greeting') && intents.length === 1 && !PARKING_WORDS.test(text)) {
    lines.push(`Hi! Ask me anything about parking at ${where}: prices, shuttles, opening hours, vehicle sizes, covered or valet parking, and cancellation.`);
  } else if (!facts && !wanted.length && !sort && (has('how_it_works') || has('booking_help'))) {
    lines.push(policyAnswer(intents)!);
  } else {
    if (wanted.length || sort) {
      lines.push(searchAnswer({ place, providers, intents: intents.filter((i) => i === 'price'), text: '', dates: window, wanted, sort, contact, listActions: false }).response);
    } else if (has('price') || has('shuttle') || (!facts && (GENERAL.test(text) || !QUESTION.test(text)))) {
      lines.push(...overview(providers, where, window, has('shuttle') ? 'count' : has('price') || !intents.length ? 'example' : 'none'));
    }
    if (has('shuttle')) lines.push(shuttleFacts(providers, contact));
    if (has('oversize')) lines.push(oversizeFacts(providers, where, text, contact));
    if (has('motorcycle')) lines.push(motorcycleFacts(providers, where, contact));
    if ((has('hours') && !has('shuttle')) || has('open_24_7')) lines.push(hoursFacts(providers, where, contact));
    lines.push(...others);
    if (has('security')) lines.push(securityFacts(providers, where));
    if (has('cancellation')) lines.push(cancellationFacts(providers, where, contact));
    if (!lines.length) lines.push(unknownAnswer(where, contact));
  }
  return { message: lines.join(' ') };
}
