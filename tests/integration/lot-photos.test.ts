// A lot's photos in the back office through HTTP: admin only; JPEG/PNG/WebP checked by content, too small or too
// large refused; stored upright, without metadata, as WebP at 400/800/1200 px and served from /uploads/lots;
// alt text, moves, full reorders and removal, each audited, kept in the lot's image list in order (which
// search and the lot's page show at once) and bumping the content version.
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, contentVersions, jobs, locations, lotPhotos, parkingProviders } from '@/server/db/schema';
import { REMOVED_PHOTO_GRACE_MS, uploadPhoto } from '@/server/modules/lot-photos/lot-photos.service';
import { createUser } from '../support/factories';
import { call } from '../support/http';
import { createTestApp, TEST_ORIGIN } from '../support/test-app';

const t = await createTestApp();
afterAll(() => t.close());

const { user: adminUser, cookie: admin } = await createUser(t, { email: 'photos-admin@example.com', name: 'Photo Person', role: 'admin' });
const lots = await t.db
  .select({ id: parkingProviders.id, slug: parkingProviders.slug, code: locations.code })
  .from(parkingProviders)
  .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
  .orderBy(asc(parkingProviders.id))
  .limit(3);
const [lot, otherLot, fullLot] = lots as [(typeof lots)[number], (typeof lots)[number], (typeof lots)[number]];

/** Colour blocks of the given size and format (small files; with noise in one channel: a large one). */
async function image(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif', opts: { orientation?: number; noise?: boolean } = {}) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x >> 5) * 8;
    pixels[i + 1] = (y >> 5) * 12;
    pixels[i + 2] = opts.noise ? Math.random() * 256 : (((x >> 6) + (y >> 6)) * 20) % 256;
  }
  let img = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return new Uint8Array(await img.toFormat(format).toBuffer());
}

const photosPath = (lotId: number) => `/api/admin/lots/${lotId}/photos`;
async function upload(lotId: number, bytes: Uint8Array<ArrayBuffer> | string, name: string, opts: { cookie?: string; alt?: string; type?: string } = {}) {
  const form = new FormData();
  form.set('image', new File([bytes], name, { type: opts.type ?? 'image/png' }));
  if (opts.alt !== undefined) form.set('alt', opts.alt);
  const res = await t.request(photosPath(lotId), {
    method: 'POST',
    body: form,
    headers: { Origin: TEST_ORIGIN, ...(opts.cookie !== undefined ? { Cookie: opts.cookie } : { Cookie: admin }) },
  });
  return { status: res.status, json: await res.json() };
}
const list = async (lotId: number) => (await call(t.request, photosPath(lotId), undefined, { cookie: admin })).json.photos as any[];
const imageUrlsOf = async (lotId: number) => (await t.db.select({ urls: parkingProviders.imageUrls }).from(parkingProviders).where(eq(parkingProviders.id, lotId)))[0]!.urls;
const version = async () => (await t.db.select({ v: contentVersions.version }).from(contentVersions))[0]?.v ?? 0;
const audits = (photoId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'photo'), eq(auditLog.entityId, String(photoId))))
    .orderBy(asc(auditLog.id));
const fetchImage = async (url: string) => {
  const res = await t.request(url);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
};

describe('access', () => {
  it('answers 401 to guests and 403 to signed-in travellers, for every path', async () => {
    const { cookie: user } = await createUser(t, { email: 'photos-user@example.com', name: 'Photo Person' });
    for (const cookie of [undefined, user]) {
      const expected = cookie ? 403 : 401;
      expect((await call(t.request, photosPath(lot.id), undefined, { cookie })).status).toBe(expected);
      expect((await upload(lot.id, await image(1000, 600, 'png'), 'a.png', { cookie: cookie ?? '' })).status).toBe(expected);
      expect((await call(t.request, `${photosPath(lot.id)}/1`, { alt: 'x' }, { method: 'PATCH', cookie })).status).toBe(expected);
      expect((await call(t.request, `${photosPath(lot.id)}/1/move`, { direction: 'later' }, { cookie })).status).toBe(expected);
      expect((await call(t.request, `${photosPath(lot.id)}/order`, { photoIds: [] }, { method: 'PUT', cookie })).status).toBe(expected);
      expect((await call(t.request, `${photosPath(lot.id)}/1`, undefined, { method: 'DELETE', cookie })).status).toBe(expected);
    }
    expect(await t.db.select().from(lotPhotos)).toHaveLength(0);
  });

  it('answers 404 for a lot that does not exist', async () => {
    expect((await call(t.request, photosPath(999_999), undefined, { cookie: admin })).status).toBe(404);
    expect((await call(t.request, '/api/admin/lots/abc/photos', undefined, { cookie: admin })).status).toBe(404);
    expect((await upload(999_999, await image(1000, 600, 'png'), 'a.png')).status).toBe(404);
  });
});

describe('upload', () => {
  it('stores a PNG as WebP at 400, 800 and 1200 px (never enlarged), served with the right headers', async () => {
    const before = await version();
    const res = await upload(lot.id, await image(1000, 625, 'png'), 'entrance.png', { alt: '  Lot entrance  ' });
    expect(res.status).toBe(201);
    const photo = res.json.photo;
    expect(photo).toMatchObject({ position: 1, width: 1000, height: 625, alt: 'Lot entrance', widths: [400, 800, 1200] });
    expect(photo.url).toMatch(/^\/uploads\/lots\/[a-f0-9]{32}-800\.webp$/);
    const expected = { 400: 400, 800: 800, 1200: 1000 } as Record<number, number>;
    for (const w of [400, 800, 1200]) {
      const { res: served, bytes } = await fetchImage(photo.url.replace('-800.webp', `-${w}.webp`));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toContain('immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(expected[w]);
    }
    expect(await version()).toBeGreaterThan(before);
    expect(await imageUrlsOf(lot.id)).toEqual([photo.url]);
    const [entry] = await audits(photo.id);
    expect(entry).toMatchObject({
      actorEmail: 'photos-admin@example.com',
      action: 'create',
      changes: { lotId: lot.id, width: 1000, height: 625, position: 1, alt: 'Lot entrance' },
    });
  });

  it('turns a JPEG upright by its EXIF orientation and strips its metadata', async () => {
    // Stored landscape 1200x900 with "rotate 90° clockwise to display": upright it is 900x1200.
    const res = await upload(lot.id, await image(1200, 900, 'jpeg', { orientation: 6 }), 'portrait.jpg', { type: 'image/jpeg' });
    expect(res.status).toBe(201);
    expect(res.json.photo).toMatchObject({ position: 2, width: 900, height: 1200 });
    const { res: served, bytes } = await fetchImage(res.json.photo.url);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 1067 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('accepts a WebP and a large photo within the size limit', async () => {
    const webp = await upload(otherLot.id, await image(1600, 1000, 'webp'), 'photo.webp', { type: 'image/webp' });
    expect(webp.status).toBe(201);
    // Past the API's ordinary body limit (512 kB), as a phone photo is: the upload path takes up to 8 MB.
    const big = await image(1600, 1200, 'png', { noise: true });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect(big.length).toBeLessThan(8 * 1024 * 1024);
    const stored = await upload(otherLot.id, big, 'phone.png');
    expect(stored.status).toBe(201);
    expect(stored.json.photo).toMatchObject({ width: 1600, height: 1200, position: 2 });
    await call(t.request, `${photosPath(otherLot.id)}/${stored.json.photo.id}`, undefined, { method: 'DELETE', cookie: admin });
  });

  it('refuses files that are not JPEG, PNG or WebP by their content, whatever their name', async () => {
    const rows = (await t.db.select().from(lotPhotos)).length;
    const before = await version();
    const refusals = [
      await upload(lot.id, 'just some text, not a picture at all', 'notes.png'),
      await upload(lot.id, '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="800"></svg>', 'vector.png'),
      await upload(lot.id, await image(1000, 800, 'gif'), 'animation.jpg', { type: 'image/jpeg' }),
      // A PNG signature followed by garbage.
      await upload(lot.id, Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(7)]), 'broken.png'),
    ];
    for (const r of refusals) expect(r).toEqual({ status: 400, json: { error: 'Photos must be JPEG, PNG or WebP images.' } });
    expect(await upload(lot.id, new Uint8Array(), 'empty.png')).toEqual({ status: 400, json: { error: 'Choose a photo to upload.' } });
    expect((await t.db.select().from(lotPhotos)).length).toBe(rows);
    expect(await version()).toBe(before);
  });

  it('refuses a photo narrower than 800 px, and one over the size limit', async () => {
    expect(await upload(lot.id, await image(640, 480, 'png'), 'small.png')).toEqual({ status: 400, json: { error: 'Photos must be at least 800 pixels wide (this one is 640).' } });
    // Portrait by its orientation tag: 1000 px wide as stored, 700 px wide upright.
    expect((await upload(lot.id, await image(1000, 700, 'jpeg', { orientation: 6 }), 'tall.jpg')).json.error).toBe('Photos must be at least 800 pixels wide (this one is 700).');
    const huge = new Uint8Array(9 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff]);
    expect(await upload(lot.id, huge, 'huge.jpg')).toEqual({ status: 413, json: { error: 'Photos must be 8 MB or smaller.' } });
    await expect(uploadPhoto({ db: t.db, blobs: t.blobs }, adminUser, { lotId: lot.id, image: new Blob([huge]), alt: '' })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Photos must be 8 MB or smaller.',
    });
  });

  it('keeps at most 20 photos per lot', async () => {
    await t.db.insert(lotPhotos).values(
      Array.from({ length: 20 }, (_, i) => ({
        providerId: fullLot.id,
        position: i + 1,
        key: `lots/${'f'.repeat(30)}${String(i).padStart(2, '0')}`,
        widths: [400, 800, 1200],
        width: 1000,
        height: 600,
      })),
    );
    expect(await upload(fullLot.id, await image(1000, 600, 'png'), 'one-more.png')).toEqual({
      status: 400,
      json: { error: 'A lot can have at most 20 photos. Remove one first.' },
    });
  });

  it('gives two uploads at once to one lot their own places, both in the image list', async () => {
    const [a, b] = await Promise.all([upload(otherLot.id, await image(900, 600, 'png'), 'a.png'), upload(otherLot.id, await image(900, 600, 'png'), 'b.png')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const photos = await list(otherLot.id);
    expect(photos.map((p) => p.position)).toEqual(photos.map((_, i) => i + 1));
    expect(await imageUrlsOf(otherLot.id)).toEqual(photos.map((p) => p.url));
  });
});

describe('alt text, order and removal', () => {
  it('sets alt text (audited, validated) and 404s a photo of another lot', async () => {
    const [photo] = await list(lot.id);
    const res = await call(t.request, `${photosPath(lot.id)}/${photo.id}`, { alt: 'Covered entrance with barrier' }, { method: 'PATCH', cookie: admin });
    expect(res.status).toBe(200);
    expect(res.json.photos[0].alt).toBe('Covered entrance with barrier');
    expect((await audits(photo.id)).at(-1)).toMatchObject({ action: 'update', changes: { lotId: lot.id, alt: { from: 'Lot entrance', to: 'Covered entrance with barrier' } } });
    const long = await call(t.request, `${photosPath(lot.id)}/${photo.id}`, { alt: 'x'.repeat(201) }, { method: 'PATCH', cookie: admin });
    expect(long).toMatchObject({ status: 400, json: { error: 'Alt text must be 200 characters or fewer' } });
    expect((await call(t.request, `${photosPath(otherLot.id)}/${photo.id}`, { alt: 'nope' }, { method: 'PATCH', cookie: admin })).status).toBe(404);
    expect((await call(t.request, `${photosPath(otherLot.id)}/${photo.id}`, undefined, { method: 'DELETE', cookie: admin })).status).toBe(404);
  });

  it('moves a photo earlier or later, reorders all at once, and keeps image_urls in that order', async () => {
    await upload(lot.id, await image(1000, 700, 'png'), 'third.png');
    const [p1, p2, p3] = await list(lot.id);
    const before = await version();
    const moved = await call(t.request, `${photosPath(lot.id)}/${p3.id}/move`, { direction: 'earlier' }, { cookie: admin });
    expect(moved.status).toBe(200);
    expect(moved.json.photos.map((p: any) => p.id)).toEqual([p1.id, p3.id, p2.id]);
    expect(await imageUrlsOf(lot.id)).toEqual([p1.url, p3.url, p2.url]);
    expect(await version()).toBeGreaterThan(before);
    expect((await audits(p3.id)).at(-1)).toMatchObject({ action: 'move', changes: { lotId: lot.id, position: { from: 3, to: 2 } } });
    // Already first: nothing changes.
    const still = await version();
    expect((await call(t.request, `${photosPath(lot.id)}/${p1.id}/move`, { direction: 'earlier' }, { cookie: admin })).json.photos[0].id).toBe(p1.id);
    expect(await version()).toBe(still);
    expect((await call(t.request, `${photosPath(lot.id)}/${p1.id}/move`, { direction: 'up' }, { cookie: admin })).json.error).toBe('Direction must be earlier or later');

    const order = await call(t.request, `${photosPath(lot.id)}/order`, { photoIds: [p2.id, p1.id, p3.id] }, { method: 'PUT', cookie: admin });
    expect(order.status).toBe(200);
    expect(order.json.photos.map((p: any) => [p.id, p.position])).toEqual([
      [p2.id, 1],
      [p1.id, 2],
      [p3.id, 3],
    ]);
    expect(await imageUrlsOf(lot.id)).toEqual([p2.url, p1.url, p3.url]);
    expect((await audits(p2.id)).at(-1)).toMatchObject({ action: 'reorder', changes: { position: { from: 3, to: 1 } } });
    // A stale or partial list changes nothing.
    const stale = await call(t.request, `${photosPath(lot.id)}/order`, { photoIds: [p1.id, p3.id] }, { method: 'PUT', cookie: admin });
    expect(stale).toMatchObject({ status: 409, json: { error: 'The photos of this lot have changed. Reload and try again.' } });
    expect((await call(t.request, `${photosPath(lot.id)}/order`, { photoIds: [p1.id, p1.id, p3.id] }, { method: 'PUT', cookie: admin })).status).toBe(400);
    expect(await imageUrlsOf(lot.id)).toEqual([p2.url, p1.url, p3.url]);
  });

  it('shows the photos in order, with srcset and their alt text, in search, the lot API and the lot page', async () => {
    const [cover] = await list(lot.id);
    await call(t.request, `${photosPath(lot.id)}/${cover.id}`, { alt: 'Gated entrance & shuttle stop' }, { method: 'PATCH', cookie: admin });
    const photos = await list(lot.id);
    const urls = photos.map((p) => p.url);
    const alts = photos.map((p) => p.alt);
    expect(alts[0]).toBe('Gated entrance & shuttle stop');
    expect((await call(t.request, `/api/providers/${lot.slug}`)).json).toMatchObject({ imageUrls: urls, imageAlts: alts });
    const search = await call(t.request, `/api/search?location=${lot.code}&arrivalDate=2027-03-03&departureDate=2027-03-05`);
    expect(search.json.providers.find((p: any) => p.slug === lot.slug)).toMatchObject({ imageUrls: urls, imageAlts: alts });
    const page = await (await t.request(`/provider/${lot.slug}`)).text();
    const first = urls[0]!.replace('-800.webp', '');
    expect(page.includes(`src="${urls[0]}"`)).toBe(true);
    expect(page.includes(`${first}-400.webp 400w, ${first}-800.webp 800w, ${first}-1200.webp 1200w`)).toBe(true);
    expect(page).toContain('alt="Gated entrance &amp; shuttle stop"');
  });

  it('removes a photo: the row goes, the order closes up, image_urls follows; the files go a day later', async () => {
    const [p1, p2, p3] = await list(lot.id);
    const before = await version();
    const res = await call(t.request, `${photosPath(lot.id)}/${p2.id}`, undefined, { method: 'DELETE', cookie: admin });
    expect(res.status).toBe(200);
    expect(res.json.photos.map((p: any) => [p.id, p.position])).toEqual([
      [p1.id, 1],
      [p3.id, 2],
    ]);
    expect(await imageUrlsOf(lot.id)).toEqual([p1.url, p3.url]);
    expect(await version()).toBeGreaterThan(before);
    expect((await audits(p2.id)).at(-1)).toMatchObject({ action: 'delete', actorEmail: 'photos-admin@example.com', changes: { lotId: lot.id, position: 2 } });
    expect((await call(t.request, `${photosPath(lot.id)}/${p2.id}`, undefined, { method: 'DELETE', cookie: admin })).status).toBe(404);
    // Pages cached before the removal may still name the file: it stays for the grace period...
    await t.drain();
    expect((await t.request(p2.url)).status).toBe(200);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `blobs.delete:${p2.url.replace(/^\/uploads\//, '').replace('-800.webp', '')}`));
    expect(job).toMatchObject({ kind: 'blobs.delete', status: 'queued' });
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(REMOVED_PHOTO_GRACE_MS - 60_000);
    // ...then the job deletes every rendition of it.
    await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await t.drain();
    for (const width of [400, 800, 1200]) expect((await t.request(p2.url.replace('-800.webp', `-${width}.webp`))).status).toBe(404);
    expect((await t.request(p1.url)).status).toBe(200);
  });

  it('goes back to the illustration when the last photo is removed', async () => {
    for (const p of await list(lot.id)) await call(t.request, `${photosPath(lot.id)}/${p.id}`, undefined, { method: 'DELETE', cookie: admin });
    expect(await imageUrlsOf(lot.id)).toEqual([]);
    expect((await call(t.request, `/api/providers/${lot.slug}`)).json.imageUrls[0]).toMatch(/^\/api\/placeholder\//);
  });
});

describe('GET /uploads/lots/:name', () => {
  it('serves only generated names of stored widths', async () => {
    for (const name of ['abc.webp', `${'a'.repeat(32)}-800.webp`, `${'a'.repeat(32)}-640.webp`, `${'a'.repeat(32)}-800.png`, '..%2F..%2Fapp.db']) {
      expect((await t.request(`/uploads/lots/${name}`)).status).toBe(404);
    }
  });
});
