// Issue 26, search first and no invented numbers, through HTTP: a state or region is answered with a choice of
// its places (REST and tRPC), the search field's suggestions, lots without reviews (no score, "No reviews yet",
// no AggregateRating, last in the rating order) and the home page's figures counted from the catalogue.
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bumpContentVersion } from '@/server/content-version';
import { locations, parkingProviders, searchHistory } from '@/server/db/schema';
import { createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const DATES = 'arrivalDate=2027-03-03&departureDate=2027-03-06';
const search = (location: string, cookie?: string) => call(t.request, `/api/search?location=${encodeURIComponent(location)}&${DATES}`, undefined, { cookie });
const trpcGet = (path: string, input?: unknown) =>
  call(t.request, `/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`);
const html = async (path: string) => (await t.request(path)).text();
const jsonLd = (page: string) => [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

describe('a state or region is a choice, never one place picked silently', () => {
  it('answers "florida" with its airports and ports, airports first, and no lots', async () => {
    const res = await search('florida');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, location: null, providers: [] });
    expect(res.json.choices.area).toBe('Florida');
    const codes = res.json.choices.places.map((p: { code: string }) => p.code);
    expect(codes).toEqual(['MCO', 'MIA', 'FLL', 'TPA', 'RSW', 'JAX', 'MIA-PORT', 'PCV-PORT', 'PEV-PORT', 'TPA-PORT', 'JAX-PORT']);
    expect(res.json.choices.places[0]).toEqual({
      code: 'MCO',
      name: 'Orlando International Airport',
      shortName: 'Orlando International',
      kind: 'airport',
      city: 'Orlando',
      state: 'FL',
    });
    // By the state's code and over tRPC alike; the bare list of /api/parking/search is empty (no lot picked).
    expect((await search('FL')).json.choices.places).toHaveLength(11);
    expect((await call(t.request, `/api/parking/search?location=florida&startDate=2027-03-03&endDate=2027-03-06`)).json).toEqual([]);
    const viaTrpc = await trpcGet('search.providers', { location: 'florida' });
    expect(viaTrpc.json.result.data.json.choices.area).toBe('Florida');
  });

  it('answers a part of a state and a region, and only the ports when ports are asked for', async () => {
    expect((await search('southern california')).json.choices).toMatchObject({
      area: 'Southern California',
      places: ['LAX', 'SAN', 'SNA', 'LA-PORT', 'LGB-PORT', 'SAN-PORT'].map((code) => expect.objectContaining({ code })),
    });
    expect((await search('the west coast')).json.choices.area).toBe('the West Coast');
    expect((await search('florida cruise ports')).json.choices.places.map((p: { kind: string }) => p.kind)).toEqual(Array(5).fill('cruise_port'));
  });

  it('still goes straight to a place named by its code, name or city, or to the one place of an area', async () => {
    for (const [text, code] of [
      ['MCO', 'MCO'],
      ['Orlando', 'MCO'],
      ['LA', 'LAX'],
      ['colorado', 'DEN'],
    ]) {
      const res = await search(text!);
      expect(res.json.choices).toBeNull();
      expect(res.json.location.code).toBe(code);
      expect(res.json.providers.length).toBeGreaterThan(0);
    }
  });

  it('does not record the choice as a search in the traveller’s history (the place picked will be)', async () => {
    const { cookie } = await createUser(t, { name: 'Flo Rida' });
    await search('florida', cookie);
    await search('MCO', cookie);
    const history = (await call(t.request, '/api/search-history', undefined, { cookie })).json;
    const rows = Array.isArray(history) ? history : (history.searches ?? history.history);
    expect(JSON.stringify(rows)).not.toContain('florida');
    const { n } = (await t.db.select({ n: count() }).from(searchHistory).where(eq(searchHistory.searchTerm, 'florida')))[0]!;
    expect(n).toBe(0);
  });

  it('shows the choice in the server-rendered page, each place a link that keeps the dates', async () => {
    const page = await html(`/?location=florida&${DATES}`);
    expect(page).toContain('Which place in Florida?');
    expect(page).toContain(`href="/?location=PCV-PORT&amp;arrivalDate=2027-03-03&amp;departureDate=2027-03-06"`);
  });
});

describe('the search field’s suggestions (search.places)', () => {
  it('lists every place with the words it is found by, and the areas that hold several places', async () => {
    const res = await trpcGet('search.places');
    expect(res.status).toBe(200);
    const data = res.json.result.data.json as { places: { code: string; words: string }[]; areas: { name: string; term: string; airports: number; ports: number }[] };
    const { n } = (await t.db.select({ n: count() }).from(locations))[0]!;
    expect(data.places).toHaveLength(n);
    const lax = data.places.find((p) => p.code === 'LAX')!;
    expect(lax.words).toContain('los angeles');
    expect(lax.words).toContain('southern california');
    expect(lax.words).toContain('california');
    expect(data.areas).toContainEqual({ name: 'Florida', term: 'florida', airports: 6, ports: 5 });
    expect(data.areas.every((a) => a.airports + a.ports > 1)).toBe(true);
  });
});

describe('no invented ratings', () => {
  it('gives no lot a rating or a review count: there are no reviews yet', async () => {
    const { n } = (await t.db.select({ n: count() }).from(parkingProviders).where(isNotNull(parkingProviders.rating)))[0]!;
    expect(n).toBe(0);
    for (const p of (await search('MCO')).json.providers) expect(p).toMatchObject({ rating: null, reviewCount: null });
  });

  it('shows "No reviews yet" and no score on the lot page and the results, and no AggregateRating', async () => {
    const lot = (await search('MCO')).json.providers[0];
    const page = await html(`/provider/${lot.slug}?${DATES}`);
    expect(page).toContain('No reviews yet');
    expect(page).not.toMatch(/\d\.\d \(\d[\d,]* reviews?\)/);
    const facility = jsonLd(page).find((b) => b['@type'] === 'ParkingFacility')!;
    expect(facility).toBeTruthy();
    expect(facility).not.toHaveProperty('aggregateRating');
    const results = await html(`/?location=MCO&${DATES}`);
    expect(results).toContain('No reviews yet');
    expect(results).not.toMatch(/reviews\)/);
  });

  it('carries an AggregateRating only where real reviews stand behind the rating', async () => {
    const lot = (await search('MCO')).json.providers[0];
    await t.db.update(parkingProviders).set({ rating: 4.5, reviewCount: 0 }).where(eq(parkingProviders.id, lot.id));
    await bumpContentVersion(t.db);
    expect(jsonLd(await html(`/provider/${lot.slug}`)).find((b) => b['@type'] === 'ParkingFacility')).not.toHaveProperty('aggregateRating');
    await t.db.update(parkingProviders).set({ rating: 4.5, reviewCount: 2 }).where(eq(parkingProviders.id, lot.id));
    await bumpContentVersion(t.db);
    const page = await html(`/provider/${lot.slug}`);
    expect(jsonLd(page).find((b) => b['@type'] === 'ParkingFacility')!.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(page).toContain('(2 reviews)');
    await t.db.update(parkingProviders).set({ rating: null, reviewCount: null }).where(eq(parkingProviders.id, lot.id));
    await bumpContentVersion(t.db);
  });

  it('sorts by rating with the rated lots first, best damped mean first, then the lots without reviews by total', async () => {
    const lots = (await search('MCO')).json.providers as { id: number; total: number }[];
    const [cheap, , mid, , dear] = lots;
    await t.db.update(parkingProviders).set({ rating: 4.1, reviewCount: 40 }).where(eq(parkingProviders.id, cheap!.id));
    await t.db.update(parkingProviders).set({ rating: 4.8, reviewCount: 2 }).where(eq(parkingProviders.id, dear!.id));
    await t.db.update(parkingProviders).set({ rating: 4.8, reviewCount: 9 }).where(eq(parkingProviders.id, mid!.id));
    await bumpContentVersion(t.db);
    try {
      const sorted = (await call(t.request, `/api/search?location=MCO&${DATES}&sort=rating`)).json.providers as { id: number; total: number; rating: number | null }[];
      // By the damped mean (shared/ratings.ts): 4.8 from 9 reviews ≈ 4.12, 4.1 from 40 ≈ 3.98, 4.8 from 2 ≈ 3.72.
      expect(sorted.slice(0, 3).map((p) => p.id)).toEqual([mid!.id, cheap!.id, dear!.id]);
      const unrated = sorted.slice(3);
      expect(unrated.every((p) => p.rating === null)).toBe(true);
      expect(unrated.map((p) => p.total)).toEqual([...unrated.map((p) => p.total)].sort((a, b) => a - b));
    } finally {
      await t.db.update(parkingProviders).set({ rating: null, reviewCount: null }).where(isNotNull(parkingProviders.rating));
      await bumpContentVersion(t.db);
    }
  });
});

describe('figures on the home page come from the catalogue', () => {
  it('counts lots, airports and cruise ports, and makes no traveller or partner claims', async () => {
    const page = await html('/');
    const { lots } = (await t.db.select({ lots: count() }).from(parkingProviders).where(eq(parkingProviders.published, 1)))[0]!;
    const { airports } = (await t.db.select({ airports: count() }).from(locations).where(eq(locations.kind, 'airport')))[0]!;
    const { ports } = (await t.db.select({ ports: count() }).from(locations).where(eq(locations.kind, 'cruise_port')))[0]!;
    expect(page).toMatch(new RegExp(`>${lots}<.*?parking lots to compare`, 's'));
    expect(page).toMatch(new RegExp(`>${airports}<.*?airports<`, 's'));
    expect(page).toMatch(new RegExp(`>${ports}<.*?cruise ports<`, 's'));
    expect(page).toContain(`near ${airports} US airports and ${ports} cruise ports`); // the meta description
    for (const invented of ['3M+', '50+', 'daily travelers', 'parking partners', 'up to 60%']) expect(page).not.toContain(invented);
  });

  it('opens with the search form for a signed-out visitor, a plain GET form to the search address', async () => {
    const page = await html('/');
    expect(page).toMatch(/<form[^>]*action="\/"[^>]*method="get"/);
    expect(page).toContain('Where are you parking?');
    expect(page).toMatch(/role="combobox"[^>]*aria-autocomplete="list"|aria-autocomplete="list"[^>]*role="combobox"/);
    expect(page.indexOf('Where are you parking?')).toBeLessThan(page.indexOf('Popular destinations'));
    expect(page).not.toContain('Start Searching');
  });
});
