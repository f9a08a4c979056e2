// The content engine: writes location-specific articles from templates and the catalogue's real data
// (lots, prices, distances, shuttle times, cruise terminals). No external AI. Each topic is a template ×
// a location (or a general tip); a topic is used once until the topics are reset.
import { formatMiles } from '@/shared/geo';
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { locations, parkingProviders } from '../../db/schema';
import { SERVICE_FEE } from '@/shared/constants';
import { formatCents } from '@/shared/money';
import { formatPrice, priceStay } from '@/shared/pricing';

type Location = typeof locations.$inferSelect;
type Lot = typeof parkingProviders.$inferSelect;

export interface Draft {
  topicKey: string;
  title: string;
  slug: string;
  excerpt: string;
  /** HTML (sanitized again on save). */
  content: string;
  metaTitle: string;
  metaDescription: string;
  category: string;
  tags: string[];
  featuredImage: string;
}

type Template = 'airport-guide' | 'cruise-guide' | 'cheap-parking' | 'shuttle-guide' | 'holiday-travel' | 'tip';
const SEASONAL_CODES = ['ATL', 'MCO', 'DFW', 'DEN', 'ORD', 'LAX', 'JFK', 'LAS', 'SEA', 'MIA'];
const TIPS = ['how-to-choose', 'long-term', 'covered-vs-open', 'valet-vs-self', 'ev-charging', 'booking-ahead'] as const;
type Tip = (typeof TIPS)[number];

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 90);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const p = (s: string) => `<p>${s}</p>`;
const ul = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
const image = (label: string) => `/api/placeholder/1200/630?label=${encodeURIComponent(label)}`;
const firstClause = (s: string | null) => (s ?? '').split(/[;(]/)[0]!.trim().replace(/\.$/, '');

/** Every topic the engine can write, in a varied order (templates interleaved across places). */
export async function allTopics(db: DB): Promise<string[]> {
  const locs = await db.select().from(locations).orderBy(locations.id);
  const airports = locs.filter((l) => l.kind === 'airport');
  const ports = locs.filter((l) => l.kind === 'cruise_port');
  const lists: string[][] = [
    airports.map((l) => `airport-guide:${l.code}`),
    ports.map((l) => `cruise-guide:${l.code}`),
    airports.map((l) => `cheap-parking:${l.code}`),
    TIPS.map((t) => `tip:${t}`),
    airports.map((l) => `shuttle-guide:${l.code}`),
    SEASONAL_CODES.filter((c) => airports.some((a) => a.code === c)).map((c) => `holiday-travel:${c}`),
  ];
  const out: string[] = [];
  for (let i = 0; out.length < lists.reduce((s, l) => s + l.length, 0); i++) for (const l of lists) if (l[i]) out.push(l[i]!);
  return out;
}

async function lotsAt(db: DB, code: string) {
  const [loc] = await db.select().from(locations).where(eq(locations.code, code));
  if (!loc) return null;
  const lots = await db.select().from(parkingProviders).where(eq(parkingProviders.locationId, loc.id)).orderBy(parkingProviders.id);
  return lots.length ? { loc, lots } : null;
}

function facts(lots: Lot[]) {
  const byPrice = [...lots].sort((a, b) => a.priceCents - b.priceCents);
  const byDistance = [...lots].sort((a, b) => a.distanceMiles - b.distanceMiles);
  const has = (amenity: string) => lots.filter((l) => l.amenities.includes(amenity));
  const week = (l: Lot) => priceStay({ dailyPrice: l.priceCents, weeklyRate: l.weeklyRateCents, days: 7 }).total;
  return {
    byPrice,
    byDistance,
    min: byPrice[0]!.priceCents,
    max: byPrice[byPrice.length - 1]!.priceCents,
    shuttle: has('Shuttle'),
    covered: has('Covered'),
    valet: has('Valet'),
    ev: has('EV Charging'),
    week,
    cheapestWeek: [...lots].sort((a, b) => week(a) - week(b))[0]!,
  };
}

function lotLine(l: Lot): string {
  const shuttle = firstClause(l.shuttleInfo);
  return `<strong>${esc(l.name)}</strong>: ${formatCents(l.priceCents)}/day, ${formatMiles(l.distanceMiles)} from the terminal${shuttle ? `, ${esc(shuttle.charAt(0).toLowerCase() + shuttle.slice(1))}` : ''}.`;
}

const where = (loc: Location) => (loc.kind === 'airport' ? `${loc.name} (${loc.code})` : loc.name);
const cta = (loc: Location) =>
  p(
    `Compare every lot near ${esc(loc.shortName)} with the total price for your dates at <a href="/locations/${loc.slug}">${esc(loc.name)} parking</a>. Prices include the lot's rate and our flat ${formatPrice(SERVICE_FEE)} service fee, nothing else.`,
  );

function airportGuide(loc: Location, lots: Lot[]): Omit<Draft, 'topicKey' | 'slug'> {
  const f = facts(lots);
  const title = `Parking at ${loc.name} (${loc.code}): ${lots.length} Lots Compared`;
  const content = [
    p(
      `Flying out of ${esc(loc.city)}? ${esc(where(loc))} has ${lots.length} parking options in our catalogue, with daily rates from ${formatCents(f.min)} to ${formatCents(f.max)}. Here is how they compare on price, distance and the trip to the terminal.`,
    ),
    '<h2>The lowest daily rates</h2>',
    ul(f.byPrice.slice(0, 3).map(lotLine)),
    '<h2>Closest to the terminal</h2>',
    ul(f.byDistance.slice(0, 3).map(lotLine)),
    '<h2>Shuttles, covered spaces and valet</h2>',
    p(
      `${f.shuttle.length} of the ${lots.length} lots run a shuttle to the terminal. ${f.covered.length ? `${f.covered.length} offer covered spaces (worth it in summer heat or winter storms)` : 'None lists covered spaces'}, ${f.valet.length ? `${f.valet.length} offer valet` : 'none offers valet'}, and ${f.ev.length ? `${f.ev.length} have EV charging` : 'none lists EV charging'}.`,
    ),
    '<h2>Parking for a week</h2>',
    p(
      `For a 7-day trip the lowest total is ${formatCents(f.week(f.cheapestWeek))} at ${esc(f.cheapestWeek.name)}${f.cheapestWeek.weeklyRateCents ? `, which has a weekly rate of ${formatCents(f.cheapestWeek.weeklyRateCents)}` : ''}, service fee included.`,
    ),
    '<h2>Tips for parking at ' + esc(loc.code) + '</h2>',
    ul([
      'Book a few days ahead: lots near busy terminals sell out on holiday weekends.',
      'Allow 15 to 25 minutes from an off-site lot to the curb, more at peak times.',
      'Write down your row or take a photo of the nearest sign when you park.',
    ]),
    cta(loc),
  ].join('');
  return {
    title,
    excerpt: `${lots.length} lots near ${loc.code}, from ${formatCents(f.min)} a day. The cheapest, the closest, and which ones run a shuttle to the terminal.`,
    content,
    metaTitle: `${loc.code} Airport Parking: ${lots.length} Lots from ${formatCents(f.min)}/day`,
    metaDescription: `Compare ${lots.length} parking lots at ${loc.name}: daily rates from ${formatCents(f.min)}, shuttle times, covered and valet options, and the total for a week.`,
    category: 'airport-guides',
    tags: [loc.code, loc.city, 'airport parking'],
    featuredImage: image(`${loc.code} parking`),
  };
}

function cruiseGuide(loc: Location, lots: Lot[]): Omit<Draft, 'topicKey' | 'slug'> {
  const f = facts(lots);
  const title = `${loc.name} Parking: Where to Park for Your Cruise`;
  const content = [
    p(
      `Sailing from ${esc(loc.city)}? There are ${lots.length} parking options for ${esc(loc.name)} in our catalogue, from ${formatCents(f.min)} to ${formatCents(f.max)} a day. Cruise parking is charged for every day your car stays, so the total for the whole voyage matters more than the daily rate.`,
    ),
    '<h2>What a 7-night cruise costs to park</h2>',
    ul(
      [...lots]
        .sort((a, b) => f.week(a) - f.week(b))
        .slice(0, 4)
        .map((l) => `<strong>${esc(l.name)}</strong>: ${formatCents(f.week(l))} for 7 days, ${formatMiles(l.distanceMiles)} from the terminal.`),
    ),
    '<h2>Getting to the pier</h2>',
    p(`${f.shuttle.length} of the ${lots.length} lots run a shuttle to the cruise terminal. Shuttles usually run on sailing days only, so check the hours:`),
    ul(f.shuttle.slice(0, 3).map((l) => `<strong>${esc(l.name)}</strong>: ${esc(firstClause(l.shuttleInfo) || 'shuttle on sailing days')}.`)),
    p(`The closest lot is ${esc(f.byDistance[0]!.name)}, ${formatMiles(f.byDistance[0]!.distanceMiles)} from the terminal.`),
    '<h2>Embarkation day checklist</h2>',
    ul([
      'Arrive at the lot at least 30 minutes before your check-in window so the shuttle gets you to the pier in time.',
      'Keep passports, medication and boarding documents in your carry-on, not in checked luggage.',
      'On disembarkation day, note where the lot shuttle picks up before you leave the ship.',
    ]),
    cta(loc),
  ].join('');
  return {
    title,
    excerpt: `${lots.length} lots near ${loc.name}: what a week of cruise parking really costs, which lots run a shuttle to the pier, and an embarkation-day checklist.`,
    content,
    metaTitle: `${loc.name} Cruise Parking: ${lots.length} Lots Compared`,
    metaDescription: `Cruise parking at ${loc.name}: totals for a 7-night cruise, shuttle times to the terminal and tips for embarkation day in ${loc.city}, ${loc.state}.`,
    category: 'cruise-port-guides',
    tags: [loc.shortName, 'cruise parking', loc.state],
    featuredImage: image(`${loc.shortName} cruise parking`),
  };
}

function cheapParking(loc: Location, lots: Lot[]): Omit<Draft, 'topicKey' | 'slug'> {
  const f = facts(lots);
  const budget = f.byPrice.filter((l) => l.priceCents <= f.min * 1.25);
  return {
    title: `Cheapest Parking at ${loc.code}: Lots from ${formatCents(f.min)} a Day`,
    excerpt: `The lowest-priced lots near ${loc.name}, what a long weekend and a full week cost in total, and how to save more.`,
    content: [
      p(
        `The cheapest parking near ${esc(where(loc))} starts at ${formatCents(f.min)} a day. Here are the budget options and what you pay in total, with our ${formatPrice(SERVICE_FEE)} service fee included.`,
      ),
      '<h2>Budget lots</h2>',
      ul(budget.slice(0, 4).map(lotLine)),
      '<h2>Totals for common trips</h2>',
      ul(
        [3, 7].map((days) => {
          const best = [...lots].sort(
            (a, b) =>
              priceStay({ dailyPrice: a.priceCents, weeklyRate: a.weeklyRateCents, days }).total -
              priceStay({ dailyPrice: b.priceCents, weeklyRate: b.weeklyRateCents, days }).total,
          )[0]!;
          return `${days} days: ${formatCents(priceStay({ dailyPrice: best.priceCents, weeklyRate: best.weeklyRateCents, days }).total)} at ${esc(best.name)}.`;
        }),
      ),
      '<h2>How to pay less</h2>',
      ul([
        'Compare the total for your dates, not the daily rate: weekly rates can beat a lower daily price.',
        'Off-site lots with a shuttle are usually cheaper than garages next to the terminal.',
        'Book before you travel: drive-up rates at the gate are often higher.',
      ]),
      cta(loc),
    ].join(''),
    metaTitle: `Cheap ${loc.code} Parking from ${formatCents(f.min)}/day`,
    metaDescription: `Find the cheapest parking at ${loc.name}: budget lots from ${formatCents(f.min)} a day, totals for 3 and 7 days, and ways to save.`,
    category: 'money-saving-tips',
    tags: [loc.code, 'cheap parking', 'budget travel'],
    featuredImage: image(`Cheap ${loc.code} parking`),
  };
}

function shuttleGuide(loc: Location, lots: Lot[]): Omit<Draft, 'topicKey' | 'slug'> {
  const f = facts(lots);
  const withShuttle = f.shuttle.length ? f.shuttle : lots;
  return {
    title: `${loc.code} Shuttle Parking: How Each Lot Gets You to the Terminal`,
    excerpt: `Shuttle frequency, hours and distance for the lots near ${loc.name}, and how much time to allow.`,
    content: [
      p(`${f.shuttle.length} of the ${lots.length} lots near ${esc(where(loc))} run a shuttle. Here is how often each one runs and how far it has to go.`),
      '<h2>Shuttle lots, closest first</h2>',
      ul(
        [...withShuttle]
          .sort((a, b) => a.distanceMiles - b.distanceMiles)
          .slice(0, 6)
          .map((l) => `<strong>${esc(l.name)}</strong> (${formatMiles(l.distanceMiles)}): ${esc(l.shuttleInfo ?? 'no shuttle listed')}`),
      ),
      '<h2>How much time to allow</h2>',
      p('Add the shuttle interval to the drive: with a bus every 15 minutes and a 10-minute ride, plan on up to 25 minutes from parking to the curb, plus time to unload bags.'),
      cta(loc),
    ].join(''),
    metaTitle: `${loc.code} Shuttle Parking: Lots, Frequency and Hours`,
    metaDescription: `Which parking lots at ${loc.name} run a shuttle, how often, at what hours, and how long to allow to reach the terminal.`,
    category: 'airport-parking-tips',
    tags: [loc.code, 'shuttle', 'airport parking'],
    featuredImage: image(`${loc.code} shuttle`),
  };
}

function holidayTravel(loc: Location, lots: Lot[]): Omit<Draft, 'topicKey' | 'slug'> {
  const f = facts(lots);
  return {
    title: `Holiday Travel from ${loc.code}: When to Book Parking`,
    excerpt: `Thanksgiving, winter holidays and spring break fill the lots at ${loc.code}. When to book, and the options that stay cheapest.`,
    content: [
      p(
        `Holiday weekends are the busiest days for parking at ${esc(where(loc))}. With ${lots.length} lots and ${lots.reduce((s, l) => s + l.capacity, 0).toLocaleString('en-US')} spaces a day between them, the cheapest lots are the first to fill.`,
      ),
      '<h2>When to book</h2>',
      ul([
        'Thanksgiving and the winter holidays: book two to three weeks ahead.',
        'Spring break and summer Fridays: book at least a week ahead.',
        'Ordinary weekdays: a day or two ahead is usually enough.',
      ]),
      '<h2>Lots to look at first</h2>',
      ul(f.byPrice.slice(0, 3).map(lotLine)),
      p(`Prefer to park close? ${esc(f.byDistance[0]!.name)} is ${formatMiles(f.byDistance[0]!.distanceMiles)} from the terminal.`),
      cta(loc),
    ].join(''),
    metaTitle: `${loc.code} Holiday Parking: When to Book`,
    metaDescription: `Plan holiday parking at ${loc.name}: when to book for Thanksgiving, winter holidays and spring break, and the lots that stay cheapest.`,
    category: 'seasonal-travel',
    tags: [loc.code, 'holiday travel', 'seasonal'],
    featuredImage: image(`Holiday travel ${loc.code}`),
  };
}

const TIP_TEXT: Record<Tip, { title: string; excerpt: string; category: string; tags: string[]; body: string[] }> = {
  'how-to-choose': {
    title: 'How to Choose Airport Parking: Price, Distance and Shuttle',
    excerpt: 'Five questions that pick the right lot for your trip, and why the total price beats the daily rate.',
    category: 'airport-parking-tips',
    tags: ['airport parking', 'planning', 'tips'],
    body: [
      p('Every airport has a range of parking: garages at the terminal, economy lots on airport land, and private lots with shuttles. Five questions narrow it down.'),
      '<h2>1. How long are you away?</h2>',
      p('For a day or two, a close garage can be worth its rate. From four days up, off-site lots and weekly rates usually win on the total.'),
      '<h2>2. How much time do you have?</h2>',
      p('Off-site lots add a shuttle ride: check how often it runs and allow the full interval.'),
      '<h2>3. What is the weather?</h2>',
      p('Covered parking keeps snow off the windshield and the cabin cool in summer.'),
      '<h2>4. Who is travelling?</h2>',
      p('With children or lots of luggage, valet or a lot close to the terminal saves effort.'),
      '<h2>5. What is the total?</h2>',
      p(
        `Compare the total for your dates, with fees. We show every lot with its rate plus one flat ${formatPrice(SERVICE_FEE)} service fee, so the number you see is the number you pay.`,
      ),
    ],
  },
  'long-term': {
    title: 'Long-Term Airport Parking: What a Week or More Really Costs',
    excerpt: 'Weekly rates, the days you are charged for, and how to keep a long trip from costing more to park than to fly.',
    category: 'money-saving-tips',
    tags: ['long-term parking', 'weekly rates', 'tips'],
    body: [
      p(
        'Lots charge for each started day: leave at 8 am on Monday and return at 9 am the next Monday and you pay for eight days. Many lots offer a weekly rate that caps the cost.',
      ),
      '<h2>Weekly rates</h2>',
      p('A weekly rate is often the price of five or six days. We apply it automatically when it makes your total lower.'),
      '<h2>Protect the car</h2>',
      ul(['Pick a lot with cameras, fencing or patrols.', 'Covered parking shields the car from sun and hail.', 'Do not leave valuables or garage door openers in view.']),
    ],
  },
  'covered-vs-open': {
    title: 'Covered or Open-Air Parking: Is the Roof Worth It?',
    excerpt: 'When covered parking is worth the extra few dollars a day, and when it is not.',
    category: 'airport-parking-tips',
    tags: ['covered parking', 'weather', 'tips'],
    body: [
      p('Covered spaces usually cost a few dollars more a day than open-air lots. Whether that is worth it depends on the season and the length of the trip.'),
      ul([
        'Summer in the South and Southwest: a covered space keeps the cabin far cooler on your return.',
        'Winter up north: no scraping ice off the windshield at midnight.',
        'Hail season: a roof avoids expensive repairs.',
      ]),
      p('For a short trip in mild weather, an open-air lot is the better deal.'),
    ],
  },
  'valet-vs-self': {
    title: 'Valet or Self-Park at the Airport?',
    excerpt: 'What valet parking adds, what it costs, and who it is worth it for.',
    category: 'airport-parking-tips',
    tags: ['valet', 'self-park', 'tips'],
    body: [
      p('With valet, you hand over the keys at the entrance and the car is waiting when you return. Self-park is cheaper and you keep the keys.'),
      ul([
        'Valet saves time with children, heavy luggage or reduced mobility.',
        'Self-park is cheaper and suits travellers with light bags.',
        'Check the cancellation policy: valet lots sometimes have stricter rules.',
      ]),
    ],
  },
  'ev-charging': {
    title: 'Airport Parking with EV Charging: What to Know',
    excerpt: 'How EV charging works at airport lots, and how to make sure you return to a charged car.',
    category: 'travel-tips',
    tags: ['EV charging', 'electric vehicles', 'tips'],
    body: [
      p('More airport lots now offer chargers. Use the EV Charging filter on any location page to see which lots list it.'),
      ul([
        'Chargers may be shared: ask whether staff move cars between chargers.',
        'Level 2 chargers need several hours for a full charge.',
        'Note the charger type your car needs before you book.',
      ]),
    ],
  },
  'booking-ahead': {
    title: 'Why Booking Airport Parking Ahead Saves Money',
    excerpt: 'Drive-up rates, sold-out holiday lots and how a reservation protects your space.',
    category: 'money-saving-tips',
    tags: ['booking', 'savings', 'tips'],
    body: [
      p('A reservation holds a space for your dates: when a lot is full on a holiday weekend, reserved travellers still park.'),
      ul([
        'Drive-up rates are often higher than reserved ones.',
        'Free cancellation up to 24 hours before arrival at most lots means little risk.',
        'Your confirmation e-mail has a QR pass, so check-in is quick.',
      ]),
    ],
  },
};

function tip(kind: Tip, coverage: { airports: number; ports: number }): Omit<Draft, 'topicKey' | 'slug'> {
  const t = TIP_TEXT[kind];
  const places = `${coverage.airports} airports and ${coverage.ports} cruise ports`;
  const content = [...t.body, p(`Compare lots by total price at any of our <a href="/locations">${places}</a>.`)].join('');
  return {
    title: t.title,
    excerpt: t.excerpt,
    content,
    metaTitle: t.title,
    metaDescription: t.excerpt,
    category: t.category,
    tags: t.tags,
    featuredImage: image(t.title.split(':')[0]!),
  };
}

/** How many airports and ports the catalogue holds, for the articles that name them. */
async function coverage(db: DB) {
  const kinds = await db.select({ kind: locations.kind }).from(locations);
  const airports = kinds.filter((k) => k.kind === 'airport').length;
  return { airports, ports: kinds.length - airports };
}

/** Writes the article for a topic key, or null when its place has no lots. */
export async function writeTopic(db: DB, topicKey: string): Promise<Draft | null> {
  const [template, key] = topicKey.split(':') as [Template, string];
  let draft: Omit<Draft, 'topicKey' | 'slug'> | null = null;
  if (template === 'tip') draft = (TIPS as readonly string[]).includes(key) ? tip(key as Tip, await coverage(db)) : null;
  else {
    const data = await lotsAt(db, key);
    if (!data) return null;
    const fn = { 'airport-guide': airportGuide, 'cruise-guide': cruiseGuide, 'cheap-parking': cheapParking, 'shuttle-guide': shuttleGuide, 'holiday-travel': holidayTravel }[
      template
    ];
    draft = fn ? fn(data.loc, data.lots) : null;
  }
  return draft ? { ...draft, topicKey, slug: slugify(draft.title) } : null;
}

export { slugify };
