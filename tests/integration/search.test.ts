// Search through HTTP: the free-text location, prices for the dates, availability, sorting, filters,
// the two REST shapes, and search history for signed-in users only.
import { cents } from '@/shared/money';
import { eq, isNotNull } from 'drizzle-orm';
import { bumpContentVersion } from '@/server/content-version';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings, parkingProviders, users } from '@/server/db/schema';
import { recountInventory } from '@/server/modules/bookings/inventory';
import { createBooking, createUser } from '../support/factories';
import { dayFromToday } from '@/shared/wall-clock';
import { call } from '../support/http';
import { withFakePerformanceClock } from '../support/clock';
import { createTestApp } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const search = (qs: string, cookie?: string) => call(t.request, `/api/search?${qs}`, undefined, { cookie });

describe('GET /api/search', () => {
  it.each(['MCO', 'LAX Airport', 'Miami Cruise Port', 'orlando', 'jfk', 'Port Canaveral'])('finds providers for %j', async (location) => {
    const res = await search(`location=${encodeURIComponent(location)}&arrivalDate=2027-03-03&departureDate=2027-03-07`);
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.providers.length).toBeGreaterThanOrEqual(4);
    // The terminal's coordinates: the results map centres on them.
    expect(res.json.location).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number) });
  });

  it('answers an unknown location with 200 and an empty list', async () => {
    const res = await search('location=Nowhereville');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, providers: [] });
  });

  it('refuses a missing location with a clear error', async () => {
    const res = await search('arrivalDate=2027-03-03');
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Location is required');
    expect((await search('location=MCO&arrivalDate=2027-03-07&departureDate=2027-03-03')).json.error).toBe('Departure date must be after arrival date');
    expect((await search('location=MCO&arrivalDate=03/07/2027')).json.error).toBe('Arrival date is not a valid date: use YYYY-MM-DD or YYYY-MM-DDTHH:mm');
  });

  it('prices every lot for the dates: ceiling of the days, flat fee, total, sorted by total', async () => {
    const res = await search('location=MCO&arrivalDate=2027-03-03T09:00&departureDate=2027-03-05T10:30');
    const providers = res.json.providers as any[];
    for (const p of providers) {
      expect(p.days).toBe(3);
      expect(p.serviceFee).toBe(1.99);
      expect(p.subtotal).toBeCloseTo(p.price * 3, 2);
      expect(p.total).toBeCloseTo(p.subtotal + 1.99, 2);
      expect(p.availableSpaces).toBe(p.capacity);
      for (const field of [
        'name',
        'location',
        'distance',
        'price',
        'features',
        'amenities',
        'vehicleTypes',
        'imageUrls',
        'rating',
        'reviewCount',
        'pricingSource',
        'weeklyRate',
        'latitude',
        'longitude',
        'address',
      ]) {
        expect(p).toHaveProperty(field);
      }
    }
    const totals = providers.map((p) => p.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });

  it('applies the weekly rate when it is cheaper', async () => {
    const res = await search('location=MCO&arrivalDate=2027-03-01&departureDate=2027-03-15');
    const weekly = (res.json.providers as any[]).find((p) => p.weeklyRate && p.weeklyRate < p.price * 7);
    expect(weekly).toBeTruthy();
    expect(weekly.days).toBe(14);
    expect(weekly.subtotal).toBeCloseTo(weekly.weeklyRate * 2, 2);
    expect(weekly.weeklyRateApplied).toBe(true);
  });

  it('sorts by distance and rating and filters by amenities, distance and price', async () => {
    const base = 'location=MCO&arrivalDate=2027-03-03&departureDate=2027-03-05';
    const byDistance = (await search(`${base}&sort=distance`)).json.providers.map((p: any) => p.distanceMiles);
    expect(byDistance).toEqual([...byDistance].sort((a: number, b: number) => a - b));
    const byRating = (await search(`${base}&sort=rating`)).json.providers.map((p: any) => p.rating);
    expect(byRating).toEqual([...byRating].sort((a: number, b: number) => b - a));

    const shuttle = (await search(`${base}&amenities=shuttle,covered`)).json.providers as any[];
    for (const p of shuttle) expect(p.amenities).toEqual(expect.arrayContaining(['Shuttle', 'Covered']));
    const near = (await search(`${base}&maxDistance=2`)).json.providers as any[];
    for (const p of near) expect(p.distanceMiles).toBeLessThanOrEqual(2);
    const cheap = (await search(`${base}&maxPrice=30`)).json.providers as any[];
    for (const p of cheap) expect(p.total).toBeLessThanOrEqual(30);
    expect((await search(`${base}&amenities=jacuzzi`)).status).toBe(400);
  });

  it('counts overlapping active bookings against capacity', async () => {
    const first = (await search('location=JFK&arrivalDate=2027-05-01&departureDate=2027-05-03')).json.providers[0];
    const [user] = await t.db.insert(users).values({ name: 'B', email: 'booker@example.com' }).returning();
    const booking = {
      userId: user!.id,
      providerId: first.id,
      firstName: 'B',
      lastName: 'K',
      email: 'booker@example.com',
      phone: '555-010-0155',
      vehicleMake: 'Ford',
      vehicleModel: 'Focus',
      licensePlate: 'X1',
      parkingFeeCents: cents(1000),
      serviceFeeCents: cents(199),
      totalFeeCents: cents(1199),
    };
    await t.db.insert(bookings).values([
      { ...booking, confirmationNumber: 'PP-OVERLAP1', arrivalDate: '2027-05-02T00:00', departureDate: '2027-05-04T00:00' },
      { ...booking, confirmationNumber: 'PP-OUTSIDE1', arrivalDate: '2027-05-03T00:00', departureDate: '2027-05-05T00:00' },
      { ...booking, confirmationNumber: 'PP-CANCEL01', arrivalDate: '2027-05-01T00:00', departureDate: '2027-05-02T00:00', status: 'cancelled' },
    ]);
    // Rows written around the booking service: the lot-day counters are rebuilt from them (npm run inventory:check).
    expect((await recountInventory(t.db, { repair: true })).drift.length).toBeGreaterThan(0);
    const again = (await search('location=JFK&arrivalDate=2027-05-01&departureDate=2027-05-03')).json.providers.find((p: any) => p.id === first.id);
    expect(again.availableSpaces).toBe(first.capacity - 1);
  });
});

describe('shared answers (search/shared-results.ts)', () => {
  // Past the second after earlier tests' changes of spaces, in which nothing is kept.
  withFakePerformanceClock(2_000);

  it('gives anonymous callers of one address the same answer, and a booking made here counts at once', async () => {
    const qs = `location=SEA&arrivalDate=${dayFromToday(30)}&departureDate=${dayFromToday(32)}`;
    const first = await search(qs);
    expect(first.headers.get('x-cache')).toBeNull();
    const again = await search(qs);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.json).toEqual(first.json);
    const lot = first.json.providers[0];
    await createBooking(t, { lot: lot.id, arrival: `${dayFromToday(30)}T09:00`, departure: `${dayFromToday(31)}T09:00` });
    const after = await search(qs);
    expect(after.headers.get('x-cache')).toBeNull();
    expect(after.json.providers.find((p: any) => p.id === lot.id).availableSpaces).toBe(lot.availableSpaces - 1);
  });

  it('answers signed-in callers afresh and records their searches', async () => {
    const { cookie } = await createUser(t);
    const qs = `location=SEA&arrivalDate=${dayFromToday(40)}&departureDate=${dayFromToday(42)}`;
    await search(qs);
    const mine = await search(qs, cookie);
    expect(mine.headers.get('x-cache')).toBeNull();
    expect(mine.json.providers.length).toBeGreaterThan(0);
    expect((await call(t.request, '/api/search-history', undefined, { cookie })).json).toHaveLength(1);
  });
});

describe('GET /api/parking/search', () => {
  it('returns a plain array and accepts startDate and endDate', async () => {
    const res = await call(t.request, '/api/parking/search?location=TPA&startDate=2027-03-03&endDate=2027-03-04');
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json[0]).toMatchObject({ days: 1 });
  });
});

describe('search history', () => {
  it('is 401 for anonymous callers', async () => {
    const res = await call(t.request, '/api/search-history');
    expect(res.status).toBe(401);
  });

  it('records signed-in searches, newest first, and not anonymous ones', async () => {
    const { cookie } = await createUser(t, { email: 'hist@example.com', name: 'Hist' });
    await search('location=jfk');
    await search('location=orlando', cookie);
    await search('location=Nowhereville', cookie);
    const res = await call(t.request, '/api/search-history', undefined, { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(2);
    expect(res.json[0]).toMatchObject({ location: 'Nowhereville', resultCount: 0 });
    expect(res.json[1]).toMatchObject({ location: 'Orlando International Airport' });
    expect(res.json[1].resultCount).toBeGreaterThan(0);
    for (const item of res.json) expect(Object.keys(item)).toEqual(expect.arrayContaining(['id', 'location', 'resultCount', 'searchedAt']));
  });
});

describe('search pages render on the server', () => {
  const rendered = async (path: string) => {
    const res = await t.request(path);
    const page = await res.text();
    return { status: res.status, html: page.slice(page.indexOf('<div id="root">'), page.indexOf('<script type="application/json"')), head: page.slice(0, page.indexOf('</head>')) };
  };

  it('renders a location page with its priced results, by directory slug and by SEO slug', async () => {
    for (const path of ['/locations/orlando-international-airport', '/orlando-fl-mco-airport-parking']) {
      const { status, html, head } = await rendered(`${path}?arrivalDate=2027-03-03&departureDate=2027-03-06`);
      expect(status).toBe(200);
      expect(html).toMatch(/Parking Options for Orlando International Airport \(\d+ found\)/);
      expect(html).toContain('total for 3 days');
      expect(head).toContain('<link rel="canonical" href="http://localhost:3999/orlando-fl-mco-airport-parking"');
    }
    expect((await rendered('/miami-cruise-port-parking')).html).toMatch(/Parking Options for PortMiami/);
  });

  it('answers 404 for unknown locations and providers', async () => {
    const atlantis = await rendered('/locations/atlantis-airport');
    expect(atlantis.status).toBe(404);
    expect(atlantis.html).toContain('404 Page Not Found');
    expect((await rendered('/no-such-page')).status).toBe(404);
    const provider = await rendered('/provider/no-such-lot');
    expect(provider.status).toBe(404);
    expect(provider.html).toContain('Provider not found');
    expect((await rendered('/property/no-such-lot')).html).toContain('Property not found');
  });

  it('renders a provider page whose parking total is the price times the ceiling of the days', async () => {
    const [first] = (await search('location=MCO')).json.providers;
    const { html } = await rendered(`/provider/${first.slug}?arrivalDate=2027-03-03T10:00&departureDate=2027-03-05T11:00`);
    expect(html).toContain(`Parking, 3 days × $${first.price.toFixed(2)}`);
    expect(html).toContain(`data-testid="parking-line">$${(first.price * 3).toFixed(2)}<`);
    expect(html).toContain(`href="/ar-parking/${first.id}"`);
    const ar = await rendered(`/ar-parking/${first.id}`);
    expect(ar.html).toContain(`Arriving at ${first.name}`);
    expect(ar.html).toContain(`destination=${first.latitude},${first.longitude}`);
  });

  it('shows the weekly rate truthfully: weeks and days, never days × the daily price for a weekly total', async () => {
    const lot = (await t.db.select().from(parkingProviders).where(isNotNull(parkingProviders.weeklyRateCents)).orderBy(parkingProviders.id).limit(1))[0]!;
    await t.db
      .update(parkingProviders)
      .set({ priceCents: cents(1095), weeklyRateCents: cents(5995) })
      .where(eq(parkingProviders.id, lot.id));
    await bumpContentVersion(t.db); // a catalogue edit, as the back office makes it
    const { html } = await rendered(`/provider/${lot.slug}?arrivalDate=2027-03-03T10:00&departureDate=2027-03-12T10:00`);
    expect(html).toContain('Parking, 1 week × $59.95');
    expect(html).toContain('data-testid="parking-line">$59.95<');
    expect(html).toContain('Parking, 2 days × $10.95');
    expect(html).toContain('data-testid="parking-line">$21.90<');
    expect(html).not.toContain('9 days × $10.95');
    const found = (await search(`location=${encodeURIComponent(lot.location)}&arrivalDate=2027-03-03&departureDate=2027-03-12`)).json.providers.find(
      (p: { id: number }) => p.id === lot.id,
    );
    expect(found).toMatchObject({ days: 9, subtotal: 81.85, total: 83.84 });
  });

  it('renders the home search for ?location=', async () => {
    const { html } = await rendered('/?location=jfk');
    expect(html).toMatch(/Parking Options for John F. Kennedy International Airport \(\d+ found\)/);
    expect(html).toContain('Sign in to keep your recent searches');
  });
});
