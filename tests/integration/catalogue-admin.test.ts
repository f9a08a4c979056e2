// The catalogue back office through HTTP: admin-only paths, validation messages, lots created, edited,
// published and unpublished reaching search, the SEO page, the provider page and the sitemap without a
// restart, capacity never below what is sold, distances re-measured, places created and edited, and the
// audit log with field-by-field diffs. (CSV import and export: catalogue-admin-csv.test.ts.)
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, locations, lotDays, parkingProviders, seoPages } from '@/server/db/schema';
import { catalogueAdminRestRoutes } from '@/server/modules/catalogue-admin/rest';
import { formatMiles, haversineMiles } from '@/shared/geo';
import { US_PHONE_MESSAGE } from '@/shared/phone';
import { dayFromToday } from '@/shared/pricing';
import { checkout, checkoutRequest, createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp } from '../support/test-app';

const t = await createTestApp({ TRUST_PROXY: '1' });
afterAll(() => t.close());

let n = 0;
const admin = await createUser(t, { name: 'Cat Admin', role: 'admin' });
const as = (cookie: string) => ({
  get: (path: string) => call(t.request, path, undefined, { cookie }),
  post: (path: string, body: unknown = {}) => call(t.request, path, body, { cookie }),
  patch: (path: string, body: unknown = {}) => call(t.request, path, body, { cookie, method: 'PATCH' }),
});
const api = as(admin.cookie);

const [mco] = await t.db.select().from(locations).where(eq(locations.code, 'MCO'));
if (!mco) throw new Error('The test database has no MCO');
const stay = { arrivalDate: dayFromToday(30), departureDate: dayFromToday(32) };
const lotBody = (over: Record<string, unknown> = {}) => ({
  locationId: mco.id,
  name: `Pilot Test Parking ${++n}`,
  address: '100 Test Rd, Orlando, FL 32809',
  // 1 mile due north of the terminal.
  latitude: mco.latitude + 0.01447,
  longitude: mco.longitude,
  price: 4.95,
  weeklyRate: 29.95,
  capacity: 40,
  amenities: ['Covered', 'Shuttle'],
  features: ['Free shuttle every 10 minutes', 'Keep your keys'],
  vehicleTypes: ['SUV', 'Car'],
  shuttleInfo: 'Free shuttle every 10-15 minutes, 24/7',
  operatingHours: '24/7',
  phoneNumber: '(407) 555-0100',
  website: 'https://pilot.example.com',
  cancellationPolicy: 'Free cancellation up to 24 hours before arrival',
  description: 'A lot made by the tests.',
  ...over,
});
const searchNames = async () =>
  (await call(t.request, `/api/search?location=MCO&arrivalDate=${stay.arrivalDate}&departureDate=${stay.departureDate}`)).json.providers as { name: string; price: number }[];
const sitemap = async () => (await t.request('/sitemap.xml')).text();
const seoPage = async () => (await t.request(`/${mco.seoSlug}`)).text();
const auditOf = async (entity: string, id: number | string) =>
  (await api.get(`/api/admin/audit?entity=${entity}&entityId=${id}`)).json.entries as {
    action: string;
    actorEmail: string;
    changes: Record<string, { from: unknown; to: unknown }>;
  }[];

describe('access', () => {
  it.each(catalogueAdminRestRoutes.map((r) => [r.method, r.path] as const))('%s %s: 401 signed out, 403 for a user', async (method, path) => {
    const url = path.replace(':id', '1');
    const body = method === 'GET' ? undefined : {};
    expect((await call(t.request, url, body, { method })).status).toBe(401);
    const user = await createUser(t, { name: 'Cat Admin' });
    expect((await call(t.request, url, body, { method, cookie: user.cookie })).status).toBe(403);
  });

  it('answers the admin: lists, one lot, an empty edit, the audit log, an empty import check', async () => {
    const [lot] = await t.db.select().from(parkingProviders).orderBy(parkingProviders.id).limit(1);
    expect((await api.get('/api/admin/lots')).json).toMatchObject({ page: 1, pageSize: 25, total: expect.any(Number) });
    expect((await api.get(`/api/admin/lots/${lot!.id}`)).json).toMatchObject({ id: lot!.id, published: true, location: { code: expect.any(String) } });
    expect((await api.patch(`/api/admin/lots/${lot!.id}`)).json).toMatchObject({ changed: [] });
    expect((await api.patch(`/api/admin/locations/${mco.id}`)).json).toMatchObject({ code: 'MCO', changed: [] });
    expect((await api.get('/api/admin/locations')).json.length).toBeGreaterThanOrEqual(70);
    expect((await api.get('/api/admin/audit')).status).toBe(200);
    expect((await api.post('/api/admin/lots/import')).json).toMatchObject({ dryRun: true, applied: false, errors: [{ line: 1 }] });
    expect((await api.get('/api/admin/lots/999999')).status).toBe(404);
  });
});

describe('validation', () => {
  it.each([
    [{ name: '' }, 'Enter the lot name'],
    [{ price: 0 }, 'Daily price must be between $1.00 and $999.99, in cents'],
    [{ price: 12.955 }, 'Daily price must be between $1.00 and $999.99, in cents'],
    [{ capacity: 2.5 }, 'Capacity must be a whole number of spaces from 1 to 10,000'],
    [{ latitude: 123 }, 'Latitude must be a number between -90 and 90'],
    [{ amenities: ['Jacuzzi'] }, 'Unknown amenity "Jacuzzi"'],
    [{ phoneNumber: '12345' }, US_PHONE_MESSAGE],
    [{ website: 'pilot.example.com' }, 'Website must be a full address starting with https://'],
    [{ locationId: 999999 }, 'Choose the airport or cruise port the lot serves'],
    [{ latitude: 40.64, longitude: -73.78 }, 'from Orlando International Airport: check the latitude and longitude'],
  ])('refuses %j with a message', async (over, message) => {
    const res = await api.post('/api/admin/lots', lotBody(over));
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(message);
  });

  it('refuses a bad place and a taken code', async () => {
    const place = { kind: 'airport', code: 'MC0', name: 'Test Field', shortName: 'Test', city: 'Testville', state: 'FL', region: 'Southeast', latitude: 28, longitude: -81 };
    expect((await api.post('/api/admin/locations', place)).json.error).toBe('Code looks like MCO (airport) or MIA-PORT (cruise port)');
    expect((await api.post('/api/admin/locations', { ...place, code: 'TFX-PORT' })).json.error).toBe('Airport code is the 3-letter IATA code, like MCO');
    expect((await api.post('/api/admin/locations', { ...place, code: 'MCO' })).json).toEqual({ error: 'There is already a place with the code MCO' });
    expect((await api.post('/api/admin/locations', { ...place, code: 'TFX', state: 'ZZ' })).json.error).toBe('Choose a US state (two-letter code, like FL)');
    expect((await api.post('/api/admin/locations', { ...place, kind: 'cruise_port', code: 'TFX' })).json.error).toBe('Cruise port code looks like MIA-PORT');
  });
});

describe('lots', () => {
  it('a new lot is in search, on its place SEO page, on its own page and in the sitemap at once', async () => {
    await searchNames(); // warm the catalogue, the page and the sitemap caches
    const page = await seoPage();
    await sitemap();
    const body = lotBody();
    const res = await api.post('/api/admin/lots', body);
    expect(res.status).toBe(201);
    const lot = res.json;
    expect(lot).toMatchObject({
      name: body.name,
      slug: body.name.toLowerCase().replace(/ /g, '-'),
      distanceMiles: 1,
      distance: '1 mile from terminal',
      published: true,
      amenities: ['Shuttle', 'Covered'],
      vehicleTypes: ['Car', 'SUV'],
    });
    expect(page).not.toContain(body.name);
    expect((await searchNames()).map((p) => p.name)).toContain(body.name);
    expect(await seoPage()).toContain(body.name);
    expect(await sitemap()).toContain(`/provider/${lot.slug}<`);
    expect((await call(t.request, `/api/providers/${lot.slug}`)).json).toMatchObject({ id: lot.id, price: 4.95 });
    // The place's landing page now counts it, cheapest (written with the seed's words).
    const [seo] = await t.db.select().from(seoPages).where(eq(seoPages.slug, mco.seoSlug));
    const published = await t.db
      .select()
      .from(parkingProviders)
      .where(and(eq(parkingProviders.locationId, mco.id), eq(parkingProviders.published, 1)));
    expect(seo!.content).toContain(`We list ${published.length} independent lots serving Orlando International Airport`);
    expect(seo!.content).toContain('Daily rates run from $4.95');
    expect(seo!.content).toMatch(/is [\d.]+ miles? from the terminal \(/);
    // The same name again gets the next free slug.
    expect((await api.post('/api/admin/lots', { ...body, name: body.name })).json.slug).toBe(`${lot.slug}-2`);
    const [created] = await auditOf('lot', lot.id);
    expect(created).toMatchObject({ action: 'create', actorEmail: admin.user.email, changes: { price: { from: null, to: 4.95 }, slug: { to: lot.slug } } });
  });

  it('edits: a new price shows in search, the distance follows the coordinates, the audit log has the diff', async () => {
    const lot = (await api.post('/api/admin/lots', lotBody())).json;
    const edit = await api.patch(`/api/admin/lots/${lot.id}`, { price: '6.50', latitude: mco.latitude + 0.03, longitude: mco.longitude + 0.01, amenities: ['Valet'] });
    expect(edit.status).toBe(200);
    const miles = Math.round(haversineMiles(mco, { latitude: mco.latitude + 0.03, longitude: mco.longitude + 0.01 }) * 10) / 10;
    expect(edit.json.lot).toMatchObject({ price: 6.5, distanceMiles: miles, distance: `${formatMiles(miles)} from terminal`, amenities: ['Valet'] });
    expect((await searchNames()).find((p) => p.name === lot.name)?.price).toBe(6.5);
    const [entry] = await auditOf('lot', lot.id);
    expect(entry).toMatchObject({ action: 'update', actorEmail: admin.user.email });
    expect(entry!.changes).toMatchObject({ price: { from: 4.95, to: 6.5 }, distanceMiles: { from: 1, to: miles }, amenities: { from: ['Shuttle', 'Covered'], to: ['Valet'] } });
    expect(Object.keys(entry!.changes).sort()).toEqual(['amenities', 'distance', 'distanceMiles', 'latitude', 'longitude', 'price']);
    // Clearing an optional field, a bad edit, an edit that changes nothing.
    expect((await api.patch(`/api/admin/lots/${lot.id}`, { weeklyRate: '' })).json.lot.weeklyRate).toBeNull();
    expect((await api.patch(`/api/admin/lots/${lot.id}`, { capacity: 0 })).status).toBe(400);
    expect((await api.patch(`/api/admin/lots/${lot.id}`, { price: 6.5 })).json.changed).toEqual([]);
    expect((await auditOf('lot', lot.id)).length).toBe(3);
  });

  it('capacity: future days follow; below what is sold is refused naming the bookings; bookings keep their price', async () => {
    const lot = (await api.post('/api/admin/lots', lotBody({ capacity: 3 }))).json;
    const booked: string[] = [];
    for (const who of ['ada', 'alan']) {
      const res = await checkout(
        t,
        checkoutRequest(lot.id, { email: `${who}-${lot.id}@example.com`, arrival: `${stay.arrivalDate}T09:00`, departure: `${stay.departureDate}T09:00` }),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      booked.push(res.json.booking.confirmationNumber);
    }
    const refused = await api.patch(`/api/admin/lots/${lot.id}`, { capacity: 1, price: 20 });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toContain('already has 2 spaces sold, more than 1');
    for (const c of booked) expect(refused.json.error).toContain(c);
    // Nothing of the refused edit was kept.
    expect((await api.get(`/api/admin/lots/${lot.id}`)).json).toMatchObject({ capacity: 3, price: 4.95 });
    expect((await api.patch(`/api/admin/lots/${lot.id}`, { capacity: 2, price: 20 })).status).toBe(200);
    const days = await t.db.select().from(lotDays).where(eq(lotDays.providerId, lot.id));
    expect(days.length).toBeGreaterThan(0);
    for (const d of days) expect(d.capacity).toBe(2);
    const rows = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.providerId, lot.id)));
    for (const b of rows) expect(b.parkingFeeCents).toBe(495 * 2);
  });

  it('unpublished: gone from search, its page 404, out of the sitemap, not bookable; the admin still sees it', async () => {
    const lot = (await api.post('/api/admin/lots', lotBody())).json;
    expect((await api.post(`/api/admin/lots/${lot.id}/unpublish`)).json).toMatchObject({ id: lot.id, published: false });
    expect((await searchNames()).map((p) => p.name)).not.toContain(lot.name);
    expect((await call(t.request, `/api/providers/${lot.slug}`)).status).toBe(404);
    expect((await t.request(`/provider/${lot.slug}`)).status).toBe(404);
    expect(await sitemap()).not.toContain(`/provider/${lot.slug}<`);
    expect(await seoPage()).not.toContain(lot.name);
    expect((await call(t.request, '/api/bookings/estimate', { providerId: lot.id, ...stay })).status).toBe(404);
    expect((await api.get(`/api/admin/lots/${lot.id}`)).json.published).toBe(false);
    expect((await api.get(`/api/admin/lots?status=unpublished&q=${encodeURIComponent(lot.name)}`)).json.items.map((l: { id: number }) => l.id)).toEqual([lot.id]);
    // Unpublishing twice changes nothing more; publishing brings it back.
    await api.post(`/api/admin/lots/${lot.id}/unpublish`);
    expect((await api.post(`/api/admin/lots/${lot.id}/publish`)).json.published).toBe(true);
    expect((await searchNames()).map((p) => p.name)).toContain(lot.name);
    expect((await call(t.request, `/api/providers/${lot.slug}`)).status).toBe(200);
    expect((await auditOf('lot', lot.id)).map((e) => e.action)).toEqual(['publish', 'unpublish', 'create']);
    expect((await auditOf('lot', lot.id))[0]!.changes).toEqual({ published: { from: false, to: true } });
  });

  it('lists by place, text and status, a page at a time', async () => {
    const all = (await api.get(`/api/admin/lots?locationId=${mco.id}`)).json;
    expect(all.items.every((l: { location: { code: string } }) => l.location.code === 'MCO')).toBe(true);
    expect(all.total).toBeGreaterThan(5);
    const found = (await api.get(`/api/admin/lots?q=${encodeURIComponent('pilot test')}`)).json;
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((l: { name: string }) => l.name.startsWith('Pilot Test Parking'))).toBe(true);
    const everything = (await api.get('/api/admin/lots?page=2')).json;
    expect(everything).toMatchObject({ page: 2, pageSize: 25 });
    expect(everything.items.length).toBe(25);
    expect((await api.get('/api/admin/lots?q=%25_%25')).json.total).toBe(0);
  });
});

describe('places', () => {
  it('a new airport has its slugs, its SEO page, a search place and a sitemap entry; lots make its page list them', async () => {
    const body = {
      kind: 'airport',
      code: 'tfq',
      name: 'Testville Field Airport',
      shortName: 'Testville',
      city: 'Testville',
      state: 'fl',
      region: 'Southeast',
      latitude: 28.1,
      longitude: -81.6,
      aliases: ['Test Field', 'test field'],
    };
    const res = await api.post('/api/admin/locations', body);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ code: 'TFQ', state: 'FL', slug: 'testville-field-airport', seoSlug: 'testville-fl-tfq-airport-parking', aliases: ['test field'] });
    expect((await call(t.request, '/api/seo/page/testville-fl-tfq-airport-parking')).json.title).toBe('Testville Field Airport (TFQ) Parking');
    expect((await call(t.request, '/api/locations/TFQ')).json).toMatchObject({ name: 'Testville Field Airport', providerCount: 0 });
    expect((await call(t.request, '/api/search?location=TFQ')).json.location).toMatchObject({ code: 'TFQ' });
    expect(await sitemap()).toContain('/testville-fl-tfq-airport-parking<');
    // Same name, another code: the next free slug.
    expect((await api.post('/api/admin/locations', { ...body, code: 'TFR' })).json).toMatchObject({
      slug: 'testville-field-airport-2',
      seoSlug: 'testville-fl-tfr-airport-parking',
    });

    const place = res.json;
    const lot = (await api.post('/api/admin/lots', lotBody({ locationId: place.id, latitude: 28.1 + 0.02, longitude: -81.6 }))).json;
    expect(lot.location).toMatchObject({ code: 'TFQ' });
    expect((await call(t.request, '/api/seo/page/testville-fl-tfq-airport-parking')).json.content).toContain(`${lot.name} is 1.4 miles from the terminal`);

    // Moved and renamed: its lots are re-measured and show the new name; the audit log has the diff.
    const moved = await api.patch(`/api/admin/locations/${place.id}`, { name: 'Testville Regional Airport', latitude: 28.1 + 0.04 });
    expect(moved.json).toMatchObject({ name: 'Testville Regional Airport', slug: 'testville-field-airport', changed: ['name', 'latitude'] });
    const after = (await api.get(`/api/admin/lots/${lot.id}`)).json;
    const miles = Math.round(haversineMiles({ latitude: 28.14, longitude: -81.6 }, lot) * 10) / 10;
    expect(after).toMatchObject({ location: { name: 'Testville Regional Airport' }, distanceMiles: miles, distance: `${formatMiles(miles)} from terminal` });
    const [entry] = await auditOf('location', place.id);
    expect(entry).toMatchObject({
      action: 'update',
      changes: { name: { from: 'Testville Field Airport', to: 'Testville Regional Airport' }, latitude: { from: 28.1, to: 28.14 }, lotsUpdated: 1 },
    });
    expect((await api.patch(`/api/admin/locations/${place.id}`, { code: 'MCO' })).status).toBe(409);
  });

  it('a cruise port gets the seed slugs', async () => {
    const res = await api.post('/api/admin/locations', {
      kind: 'cruise_port',
      code: 'tst-port',
      name: 'Port of Testhaven',
      shortName: 'Testhaven',
      city: 'Testhaven',
      state: 'TX',
      region: 'South',
      latitude: 29.3,
      longitude: -94.8,
    });
    expect(res.json).toMatchObject({ code: 'TST-PORT', slug: 'testhaven-cruise-port', seoSlug: 'testhaven-cruise-port-parking' });
    expect((await call(t.request, '/api/seo/page/testhaven-cruise-port-parking')).status).toBe(200);
    expect((await api.get('/api/admin/locations')).json.find((p: { code: string }) => p.code === 'TST-PORT')).toMatchObject({ lots: 0, publishedLots: 0 });
  });
});

describe('audit log', () => {
  it('lists the latest entries, by kind, a page at a time, with names', async () => {
    const latest = (await api.get('/api/admin/audit?limit=3')).json;
    expect(latest.entries.length).toBe(3);
    expect(latest.nextBefore).toBe(latest.entries[2].id);
    const older = (await api.get(`/api/admin/audit?limit=3&before=${latest.nextBefore}`)).json;
    expect(older.entries[0].id).toBeLessThan(latest.nextBefore);
    const places = (await api.get('/api/admin/audit?entity=location')).json.entries;
    expect(places.length).toBeGreaterThan(0);
    expect(places.every((e: { entity: string; label: string }) => e.entity === 'location' && e.label.includes('('))).toBe(true);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'lot'));
    expect(rows.every((r) => r.actorEmail === admin.user.email)).toBe(true);
    expect((await api.get('/api/admin/audit?entity=nope')).status).toBe(400);
  });
});
