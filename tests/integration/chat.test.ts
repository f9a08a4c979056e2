// The assistants and support through HTTP: parking chat answers and search flags, per-session context, the
// SEO-page chat, support lookups by confirmation number, and support actions for the booking's owner only.
import { eq } from 'drizzle-orm';
import type { inferRouterOutputs } from '@trpc/server';
import { afterAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { bookings, chatSessions, parkingProviders, supportRequests } from '@/server/db/schema';
import type { AppRouter } from '@/server/trpc/root';
import { parseStayDates } from '@/shared/nlu/dates';
import { soonestArrival } from '@/server/modules/chat/same-day';
import { lotWallClock, nextDate } from '@/server/modules/catalogue/lot-time';
import { NO_MATCH_REPLY as NO_MATCH } from '@/server/modules/chat/chat.service';
import { dayFromToday } from '@/shared/pricing';
import { bumpContentVersion } from '@/server/content-version';
import { createBooking, createUser, stayAt } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const chat = (body: object, cookie?: string) => call(t.request, '/api/chat', body, { cookie });

describe('POST /api/chat (parking assistant)', () => {
  it('flags a search for LAX with the dates named', async () => {
    const res = await chat({ message: 'I need parking at LAX from March 3 to March 7' });
    expect(res.status).toBe(200);
    const year = new Date().getUTCFullYear();
    const march3 = Date.UTC(year, 2, 3) < Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) ? year + 1 : year;
    expect(res.json).toMatchObject({
      needsSearch: true,
      showBookingOptions: true,
      location: 'Los Angeles International Airport',
      arrivalDate: `${march3}-03-03`,
      departureDate: `${march3}-03-07`,
    });
    expect(res.json.response).toMatch(
      /^I found \d+ parking options near Los Angeles International Airport \(LAX\) for Mar 3 to Mar 7 \(4 days\)\. The lowest total is \$[\d.]+ at /,
    );
    expect(res.json.sessionId).toMatch(/^[\w-]{8,}$/);
  });

  it('resolves the Miami cruise port for cheap parking, quoting the real cheapest lot', async () => {
    const res = await chat({ message: 'cheap parking near the Miami cruise port' });
    expect(res.json).toMatchObject({ needsSearch: true, location: 'PortMiami', arrivalDate: dayFromToday(1), departureDate: dayFromToday(2) });
    const search = await call(t.request, `/api/search?location=MIA-PORT&arrivalDate=${dayFromToday(1)}&departureDate=${dayFromToday(2)}`);
    const cheapest = search.json.providers[0];
    expect(res.json.response).toContain(`The lowest total is $${cheapest.total.toFixed(2)} at ${cheapest.name}`);
  });

  it('does not search for a greeting, explains policies, and suggests places when nothing matches', async () => {
    const hello = await chat({ message: 'hello there' });
    expect(hello.json).toMatchObject({ needsSearch: false, showBookingOptions: false, location: null });
    expect(hello.json.response).toMatch(/^Hi!/);
    const cancel = await chat({ message: 'can I cancel and get a refund?' });
    expect(cancel.json.needsSearch).toBe(false);
    expect(cancel.json.response).toContain('24 hours or more before arrival');
    const nowhere = await chat({ message: 'parking at Nowhereville' });
    expect(nowhere.json).toMatchObject({ needsSearch: false, location: null });
    expect(nowhere.json.response).toContain('Try a major airport code like LAX, JFK or MCO, or a cruise port');
  });

  it('keeps the conversation: a follow-up about valet stays with the last place', async () => {
    const first = await chat({ message: 'parking at MCO tomorrow' });
    const follow = await chat({ message: 'any with valet?', sessionId: first.json.sessionId });
    expect(follow.json).toMatchObject({ needsSearch: true, location: 'Orlando International Airport' });
    expect(follow.json.response).toMatch(/valet/);
    const session = (await t.db.select().from(chatSessions).where(eq(chatSessions.visitorId, first.json.sessionId)).orderBy(chatSessions.id).limit(1))[0]!;
    expect(session.location).toBe('Orlando International Airport');
    expect(session.messages).toHaveLength(4);
    // lastSearchLocation from the client works without a session too.
    expect((await chat({ message: 'which is cheapest?', lastSearchLocation: 'JFK' })).json.location).toBe('John F. Kennedy International Airport');
  });

  it('refuses a blank message with 400', async () => {
    const res = await chat({ message: '   ' });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Message is required');
  });

  it('answers the SEO-page form with facts about that location', async () => {
    const res = await chat({ message: 'Is there a shuttle?', context: { location: 'orlando-international-airport', userType: 'guest' } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(['message']);
    const search = await call(t.request, `/api/search?location=MCO&arrivalDate=${dayFromToday(1)}&departureDate=${dayFromToday(2)}`);
    const prices = search.json.providers.map((p: { price: number }) => p.price).sort((a: number, b: number) => a - b);
    expect(res.json.message).toContain(`${search.json.providers.length} lots near Orlando International Airport (MCO) list daily rates from $${prices[0].toFixed(2)}`);
    expect(res.json.message).toMatch(/(run|runs) a shuttle to the terminal/);
  });
});

describe('POST /api/chat: travellers’ follow-ups, filters and sort', () => {
  type Lot = {
    name: string;
    total: number;
    rating: number | null;
    amenities: string[];
    vehicleTypes: string[];
    operatingHours: string;
    shuttleInfo: string;
    cancellationPolicy: string;
  };
  const lots = async (query: string) => (await call(t.request, `/api/search?${query}`)).json as { location: { slug: string; name: string }; providers: Lot[] };

  it('a follow-up keeps the place AND the dates, and reports the filters and sort it applied', async () => {
    const week = parseStayDates('for a week')!;
    const first = await chat({ message: 'BOS for a week' });
    expect(first.json).toMatchObject({ needsSearch: true, location: 'Boston Logan International Airport', ...week, amenities: [] });
    expect(first.json).not.toHaveProperty('sort');
    const sessionId = first.json.sessionId;

    const valet = await chat({ message: 'any with valet?', sessionId });
    expect(valet.json).toMatchObject({ needsSearch: true, location: 'Boston Logan International Airport', ...week, amenities: ['valet'] });
    const valetLots = await lots(`location=BOS&arrivalDate=${week.arrivalDate}&departureDate=${week.departureDate}&amenities=valet`);
    expect(valet.json.response).toMatch(new RegExp(`^${valetLots.providers.length} lots near Boston Logan International Airport \\(BOS\\) offer valet parking for `));
    expect(valet.json.response).toContain(`at ${valetLots.providers[0]!.name}`);

    // "Which is closest?" stays with valet lots and the same dates, sorted by distance.
    const closest = await chat({ message: 'which one is closest?', sessionId });
    expect(closest.json).toMatchObject({ location: 'Boston Logan International Airport', ...week, sort: 'distance', amenities: ['valet'] });
    const byDistance = await lots(`location=BOS&arrivalDate=${week.arrivalDate}&departureDate=${week.departureDate}&amenities=valet&sort=distance`);
    expect(closest.json.response).toContain(`The closest to the terminal is ${byDistance.providers[0]!.name}`);
    expect(closest.json.response).toContain('sorted the list by distance');

    // A new length alone keeps the arrival; "all lots" drops the filters.
    const longer = await chat({ message: 'what about all lots for 10 days?', sessionId });
    const tenDays = new Date(Date.parse(`${week.arrivalDate}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
    expect(longer.json).toMatchObject({ arrivalDate: week.arrivalDate, departureDate: tenDays, amenities: [] });

    // The dates live on the assistant's turn (messages JSON); the schema is unchanged.
    const session = (await t.db.select().from(chatSessions).where(eq(chatSessions.visitorId, sessionId)).orderBy(chatSessions.id).limit(1))[0]!;
    expect(session.location).toBe('Boston Logan International Airport');
    expect(JSON.parse(session.messages.at(-1)!)).toMatchObject({
      role: 'assistant',
      search: { code: 'BOS', arrivalDate: week.arrivalDate, departureDate: tenDays, amenities: [] },
    });

    // A brand-new conversation without dates still defaults to tomorrow.
    const fresh = await chat({ message: 'any with valet?', lastSearchLocation: 'BOS' });
    expect(fresh.json).toMatchObject({ location: 'Boston Logan International Airport', arrivalDate: dayFromToday(1), departureDate: dayFromToday(2), amenities: ['valet'] });
  });

  it('cheapest → price, best rated → rating, nearest → distance, and the text names the same first lot', async () => {
    const dates = `arrivalDate=${dayFromToday(1)}&departureDate=${dayFromToday(2)}`;
    const cheap = await chat({ message: 'cheapest parking at LAX' });
    expect(cheap.json).toMatchObject({ sort: 'price', amenities: [] });
    const byPrice = await lots(`location=LAX&${dates}&sort=price`);
    expect(cheap.json.response).toContain(`The lowest total is $${byPrice.providers[0]!.total.toFixed(2)} at ${byPrice.providers[0]!.name}`);

    // No lot has a review: "best rated" says so and invents no score.
    const unrated = await chat({ message: 'best rated covered parking at LAX' });
    expect(unrated.json).toMatchObject({ sort: 'rating', amenities: ['covered'] });
    expect(unrated.json.response).toContain('None of these lots has reviews yet.');
    expect(unrated.json.response).not.toMatch(/out of 5|rated \d/);

    // With real reviews behind one lot, it is the best rated, with its score and how many reviews.
    const covered = await lots(`location=LAX&${dates}&sort=price&amenities=covered`);
    const reviewed = covered.providers.at(-1)!;
    await t.db.update(parkingProviders).set({ rating: 4.6, reviewCount: 3 }).where(eq(parkingProviders.name, reviewed.name));
    await bumpContentVersion(t.db);
    const rated = await chat({ message: 'best rated covered parking at LAX' });
    const byRating = await lots(`location=LAX&${dates}&sort=rating&amenities=covered`);
    expect(byRating.providers[0]!.name).toBe(reviewed.name);
    expect(rated.json.response).toContain(`The best rated is ${reviewed.name}, 4.6 out of 5 from 3 reviews`);
    expect(rated.json.response).toMatch(/covered parking/);
    await t.db.update(parkingProviders).set({ rating: null, reviewCount: null }).where(eq(parkingProviders.name, reviewed.name));
    await bumpContentVersion(t.db);

    const near = await chat({ message: 'nearest lot to the terminal at MCO with EV charging' });
    expect(near.json).toMatchObject({ sort: 'distance', amenities: ['ev'], location: 'Orlando International Airport' });

    // Nothing offers both: no filter is applied, and the reply says so.
    const none = await chat({ message: 'valet with EV charging at LAX' });
    expect(none.json.amenities).toEqual([]);
    expect(none.json.response).toMatch(/^None of the lots near Los Angeles International Airport \(LAX\) list valet parking and EV charging, so here are all \d+ options/);
  });

  it('the tRPC output type carries the sort and the filters', () => {
    type Reply = Extract<inferRouterOutputs<AppRouter>['chat']['send'], { response: string }>;
    expectTypeOf<Reply['sort']>().toEqualTypeOf<'price' | 'distance' | 'rating' | undefined>();
    expectTypeOf<Reply['amenities']>().toEqualTypeOf<('shuttle' | 'covered' | 'valet' | 'ev' | '24/7')[] | undefined>();
    expectTypeOf<Reply['arrivalDate']>().toEqualTypeOf<string | undefined>();
  });

  it('understands travellers’ dates: days of the month and holidays', async () => {
    for (const message of ['JFK, I fly out on the 12th and come back the 19th', 'JFK for Thanksgiving weekend', 'JFK Memorial Day weekend', 'JFK from the 3rd through the 10th']) {
      const res = await chat({ message });
      const { arrivalDate, departureDate } = parseStayDates(message)!;
      expect(res.json, message).toMatchObject({ needsSearch: true, location: 'John F. Kennedy International Airport' });
      // On the day itself (Thanksgiving is today some years) the stay starts at the next bookable half hour at
      // JFK, which late in New York's evening is already tomorrow there.
      const soonest = soonestArrival(lotWallClock(new Date(), 'NY')).slice(0, 10);
      expect(res.json.arrivalDate.slice(0, 10), message).toBe(arrivalDate < soonest ? soonest : arrivalDate);
      // A departure that start overtakes (asked on the weekend's last evening) is a day after it (same-day.ts).
      const start: string = res.json.arrivalDate;
      const overtaken = (departureDate.length > 10 ? departureDate : `${departureDate}T00:00`) <= start;
      expect(res.json.departureDate, message).toBe(overtaken ? `${nextDate(start.slice(0, 10))}${start.slice(10)}` : departureDate);
    }
    const past = await chat({ message: 'parking at JFK from 2020-03-03 to 2020-03-07' });
    expect(past.json).toMatchObject({ needsSearch: false, showBookingOptions: false });
    expect(past.json.response).toContain('That arrival date has already passed');
  });
});

describe('POST /api/chat: the fee, dates before the place, cancelling as a guest, no start in the past', () => {
  it('answers what the $0.99 fee gets, and that booking never needs it', async () => {
    for (const message of ['what does the $0.99 fee get me?', 'why are the details locked?', 'what do I get for 99 cents']) {
      const res = await chat({ message });
      expect(res.json, message).toMatchObject({ needsSearch: false, location: null });
      expect(res.json.response, message).toMatch(
        /^The \$0\.99 fee unlocks the full details of every lot near one airport or cruise port: exact lot address and a map to the terminal; /,
      );
      expect(res.json.response).toContain('credited back toward your booking there');
      expect(res.json.response).toContain('you can book any lot without unlocking the details');
    }
  });

  it('asks where when given dates without a place, then searches those dates for the place named next', async () => {
    const weekend = parseStayDates('next weekend')!;
    const first = await chat({ message: 'I need parking next weekend' });
    expect(first.json).toMatchObject({ needsSearch: false, location: null });
    expect(first.json.response).toMatch(/^Sure! Which airport or cruise port are you leaving from on [A-Z][a-z]{2} \d{1,2} \(back [A-Z][a-z]{2} \d{1,2}\)\? For example LAX/);
    const then = await chat({ message: 'MCO', sessionId: first.json.sessionId });
    expect(then.json).toMatchObject({ needsSearch: true, location: 'Orlando International Airport', ...weekend });
    // Dates alone, in other words; a place we do not know is still "not in our coverage".
    for (const message of ['March 3 to 7', 'tomorrow for 3 days', 'from the 12th to the 19th']) {
      expect((await chat({ message })).json.response, message).toMatch(/^Sure! Which airport or cruise port are you leaving from/);
    }
    expect((await chat({ message: 'parking at Podunk next weekend' })).json.response).toBe(NO_MATCH);
  });

  it('tells guests to cancel from the link in their e-mail (or Manage a booking), on both chats', async () => {
    const general = await chat({ message: 'how do I cancel my booking? I booked as a guest' });
    expect(general.json.response).toMatch(
      /^To cancel or change a booking, open the "Manage your booking" link in your confirmation e-mail \(no account needed\), or use "Manage a booking" at the bottom of any page/,
    );
    const search = (await call(t.request, `/api/search?location=MCO&arrivalDate=${dayFromToday(1)}&departureDate=${dayFromToday(2)}`)).json;
    const page = await chat({ message: 'can I cancel?', context: { location: search.location.slug, userType: 'guest' } });
    expect(page.json.message).toContain('open the "Manage your booking" link in your confirmation e-mail');
  });

  it('understands "next weekend" in the location page chat', async () => {
    const weekend = parseStayDates('next weekend')!;
    const search = (await call(t.request, `/api/search?location=MCO&arrivalDate=${weekend.arrivalDate}&departureDate=${weekend.departureDate}`)).json;
    const res = await chat({
      message: 'what are my options next weekend?',
      context: { location: search.location.slug, arrivalDate: dayFromToday(1), departureDate: dayFromToday(2), userType: 'guest' },
    });
    const day = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    expect(res.json.message).toContain(`For ${day(weekend.arrivalDate)} to ${day(weekend.departureDate)} the lowest total is $${search.providers[0].total.toFixed(2)}`);
  });

  it('"SFO tonight until friday" never starts in the past, whatever the time of day at SFO', async () => {
    // A coming Monday, at several times of day in San Francisco (PST or PDT: read back with the lot's zone).
    const monday = new Date(Date.now() + ((8 - new Date().getUTCDay()) % 7 || 7) * 86_400_000).toISOString().slice(0, 10);
    const pacificOffset = (d: string) => (lotWallClock(new Date(`${d}T12:00:00Z`), 'CA').slice(11, 13) === '04' ? 8 : 7);
    const atPacific = (hhmm: string) => new Date(Date.parse(`${monday}T${hhmm}:00Z`) + pacificOffset(monday) * 3_600_000);
    const friday = new Date(Date.parse(`${monday}T00:00:00Z`) + 4 * 86_400_000).toISOString().slice(0, 10);
    vi.useFakeTimers({ now: atPacific('09:00'), toFake: ['Date'] });
    try {
      for (const [hhmm, arrival, moved] of [
        ['09:00', `${monday}T18:00`, false],
        ['15:00', `${monday}T18:00`, false],
        ['17:50', `${monday}T18:30`, true],
        ['22:10', `${monday}T23:00`, true],
      ] as const) {
        vi.setSystemTime(atPacific(hhmm));
        const res = await chat({ message: 'SFO tonight until friday' });
        expect(res.json, hhmm).toMatchObject({ needsSearch: true, location: 'San Francisco International Airport', arrivalDate: arrival, departureDate: friday });
        expect(res.json.arrivalDate >= lotWallClock(new Date(), 'CA'), hhmm).toBe(true);
        if (moved) expect(res.json.response, hhmm).toMatch(/^That time has already passed at San Francisco, so I looked from \d{1,2}:\d{2} [AP]M today\. I found /);
        else expect(res.json.response, hhmm).toMatch(/^I found \d+ parking options near San Francisco International Airport \(SFO\) for [A-Z][a-z]{2} \d{1,2} at 6:00 PM to /);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('POST /api/chat with a page context (location facts)', () => {
  type Lot = { name: string; amenities: string[]; vehicleTypes: string[]; operatingHours: string; shuttleInfo: string; cancellationPolicy: string };
  const page = async (code: string, message: string) => {
    const search = (await call(t.request, `/api/search?location=${code}&arrivalDate=${dayFromToday(1)}&departureDate=${dayFromToday(2)}`)).json as {
      location: { slug: string };
      providers: Lot[];
    };
    const res = await chat({ message, context: { location: search.location.slug, userType: 'guest' } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(['message']);
    return { message: res.json.message as string, providers: search.providers };
  };

  it('names the lots that take RVs and trailers, and says so honestly when none does', async () => {
    const { message, providers } = await page('PCV-PORT', 'Can I park my RV with a trailer?');
    const rv = providers.filter((p) => p.vehicleTypes.includes('Oversize / RV'));
    expect(rv.length).toBeGreaterThan(0);
    expect(message).toContain(`${rv.length} of the ${providers.length} lots near Port Canaveral take oversize vehicles and RVs`);
    for (const lot of rv.slice(0, 5)) expect(message).toContain(lot.name);
    for (const lot of providers.filter((p) => !p.vehicleTypes.includes('Oversize / RV'))) expect(message).not.toContain(lot.name);

    const none = await page('ORD', 'do you have oversized parking for a motorhome?');
    expect(none.providers.some((p) => p.vehicleTypes.includes('Oversize / RV'))).toBe(false);
    expect(none.message).toContain(`None of the ${none.providers.length} lots near Chicago O'Hare International Airport (ORD) lists spaces for oversize vehicles`);
    expect(none.message).toContain('1-800-555-0199');
    expect(none.message).toContain('support@parkpilot.example');

    const trucks = await page('BOS', 'can I park a pickup truck?');
    const truckLots = trucks.providers.filter((p) => p.vehicleTypes.includes('Truck') || p.vehicleTypes.includes('Oversize / RV'));
    expect(trucks.message).toContain(`${truckLots.length} of the ${trucks.providers.length} lots near Boston Logan International Airport (BOS) take trucks`);
  });

  it('quotes opening hours, shuttle times and each lot’s cancellation rule', async () => {
    const hours = await page('BOS', 'what are the opening hours?');
    const open = hours.providers.filter((p) => p.operatingHours === '24/7');
    expect(hours.message).toContain(`${open.length} of the ${hours.providers.length} lots near Boston Logan International Airport (BOS) are open 24/7`);
    for (const lot of hours.providers.filter((p) => p.operatingHours !== '24/7')) expect(hours.message).toContain(`${lot.name} ${lot.operatingHours}`);

    const shuttle = await page('BOS', 'how often does the shuttle run and until what time?');
    const first = shuttle.providers.find((p) => p.amenities.includes('Shuttle'))!;
    expect(shuttle.message).toContain(`${first.name}: ${first.shuttleInfo.charAt(0).toLowerCase()}${first.shuttleInfo.slice(1)}`);
    const walk = shuttle.providers.find((p) => !p.amenities.includes('Shuttle'));
    if (walk) expect(shuttle.message).toContain(`No shuttle needed at ${walk.name}`);

    const cancel = await page('PCV-PORT', 'what is the cancellation policy?');
    for (const policy of new Set(cancel.providers.map((p) => p.cancellationPolicy))) expect(cancel.message).toContain(policy.replace(/\.$/, ''));
    expect(cancel.message).toContain('service fee is not refundable');
  });

  it('does not guess what the catalogue does not say: it gives the support contact', async () => {
    const { message } = await page('MCO', 'Can I bring my dog and leave it in the car?');
    expect(message).toContain("I don't have that");
    expect(message).toContain('Call us at 1-800-555-0199 or e-mail support@parkpilot.example');
    const height = await page('MCO', 'is there a height limit for my van?');
    expect(height.message).toContain("don't publish height limits");
    expect(height.message).toContain('1-800-555-0199');
  });
});

describe('support', () => {
  /** A signed-in traveller's paid booking of two days, two weeks ahead. */
  async function book(user: Awaited<ReturnType<typeof createUser>>) {
    const provider = (await t.db.select().from(parkingProviders).orderBy(parkingProviders.id).limit(1).offset(11))[0]!;
    const booked = await createBooking(t, { user, lot: provider, arrival: stayAt(14, '10:00'), departure: stayAt(16, '10:00') });
    return booked.json.booking as { id: number; confirmationNumber: string; parkingFee: number };
  }

  it('needs sign-in', async () => {
    expect((await call(t.request, '/api/support/chat', { message: 'hi' })).status).toBe(401);
    expect((await call(t.request, '/api/support/receipt', { type: 'receipt', bookingId: 1 })).status).toBe(401);
  });

  it('finds my booking by confirmation number, never someone else’s', async () => {
    const me = await createUser(t, { email: 'support-me@example.com', name: 'Sam Support' });
    const other = await createUser(t, { email: 'support-other@example.com', name: 'Sam Support' });
    const mine = await book(me);
    const theirs = await book(other);

    const found = await call(t.request, '/api/support/chat', { message: `What's the status of ${mine.confirmationNumber}?` }, { cookie: me.cookie });
    expect(found.json).toMatchObject({ actionType: 'booking_lookup', bookingData: { id: mine.id, confirmationNumber: mine.confirmationNumber, status: 'confirmed' } });
    expect(found.json.response).toContain(`If you cancel now you get $${mine.parkingFee.toFixed(2)} back to your card`);
    // Lower case, without the dash, still mine.
    const loose = await call(t.request, '/api/support/chat', { message: `booking ${mine.confirmationNumber.slice(3).toLowerCase()}` }, { cookie: me.cookie });
    expect(loose.json.bookingData?.id).toBe(mine.id);

    const hidden = await call(t.request, '/api/support/chat', { message: `Tell me about ${theirs.confirmationNumber}` }, { cookie: me.cookie });
    expect(hidden.json).toMatchObject({ bookingData: null, actionType: null });
    expect(hidden.json.response).toContain(`I couldn't find booking ${theirs.confirmationNumber} on your account`);
    expect(hidden.json.response).not.toContain('Support');

    // Without a number, my most recent upcoming booking.
    const recent = await call(
      t.request,
      '/api/support/chat',
      { message: 'I want to cancel my reservation', conversationHistory: [{ role: 'user', content: 'hi' }] },
      { cookie: me.cookie },
    );
    expect(recent.json.bookingData.id).toBe(mine.id);
    const tooLong = await call(
      t.request,
      '/api/support/chat',
      { message: 'hi', conversationHistory: Array.from({ length: 6 }, () => ({ role: 'user', content: 'x' })) },
      { cookie: me.cookie },
    );
    expect(tooLong.status).toBe(400);
  });

  it('acts only for the owner: receipt, contact the lot, refund', async () => {
    const me = await createUser(t, { email: 'actions-me@example.com', name: 'Sam Support' });
    const other = await createUser(t, { email: 'actions-other@example.com', name: 'Sam Support' });
    const mine = await book(me);

    for (const path of ['receipt', 'contact-property', 'refund']) {
      const res = await call(t.request, `/api/support/${path}`, { type: 'refund', bookingId: mine.id, reason: 'not mine' }, { cookie: other.cookie });
      expect(res.status).toBe(404);
    }
    expect((await t.db.select().from(bookings).where(eq(bookings.id, mine.id)))[0]!.status).toBe('confirmed');
    expect((await call(t.request, '/api/support/receipt', { type: 'receipt' }, { cookie: me.cookie })).json.error).toBe('Support action needs a booking and an action type');

    const receipt = await call(t.request, '/api/support/receipt', { type: 'receipt', bookingId: mine.id, reason: '' }, { cookie: me.cookie });
    expect(receipt.json.message).toBe(`We e-mailed an itemised receipt for ${mine.confirmationNumber} to actions-me@example.com.`);
    const mail = (await t.outbox()).find((m) => m.subject === `Your receipt: ${mine.confirmationNumber}`)!;
    expect(mail.text).toContain('Service fee: $1.99');
    expect(mail.text).toContain(`Parking, 2 days × $${(mine.parkingFee / 2).toFixed(2)}: $${mine.parkingFee.toFixed(2)}`);

    const contact = await call(
      t.request,
      '/api/support/contact-property',
      { type: 'contact_property', bookingId: mine.id, reason: 'I will arrive at 11pm, is the gate open?' },
      { cookie: me.cookie },
    );
    expect(contact.status).toBe(200);
    expect((await t.db.select().from(supportRequests).where(eq(supportRequests.bookingId, mine.id)).orderBy(supportRequests.id)).map((r) => r.type)).toEqual([
      'receipt',
      'contact_property',
    ]);
    expect((await t.outbox()).some((m) => m.subject.startsWith('Message for') && m.text.includes('is the gate open?'))).toBe(true);

    const refund = await call(t.request, '/api/support/refund', { type: 'refund', bookingId: mine.id, reason: 'Trip cancelled' }, { cookie: me.cookie });
    expect(refund.status).toBe(200);
    expect(refund.json.message).toContain(`We refunded $${mine.parkingFee.toFixed(2)} to your card`);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, mine.id)))[0]).toMatchObject({
      status: 'cancelled',
      refundedCents: Math.round(mine.parkingFee * 100),
      cancellationReason: 'Trip cancelled',
    });
  });
});
