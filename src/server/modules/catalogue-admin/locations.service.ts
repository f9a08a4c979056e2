// Airports and cruise ports in the back office: list (with their lots), create and edit. A place's slugs are
// derived like the seed's and stay once made (its pages' addresses); a new place gets its SEO landing page.
// Moving a place re-measures its lots' distances; renaming it renames the place its lots show.
import { and, count, eq, like, ne, or, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { isUniqueViolation } from '../../db/dialect';
import { locations, parkingProviders, seoPages } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { bumpContentVersion } from '../../content-version';
import { placeSlugs, ZLocationInput, type TLocationInput, type TUpdateLocationInput } from '@/shared/schemas/catalogue-admin';
import { diffFields, recordAudit, type Actor } from './audit';
import { distanceFrom, MAX_LOT_MILES, type PlaceRow } from './lot-rows';
import { refreshSeoPage } from './seo-page';

const PLACE_FIELDS = ['kind', 'code', 'name', 'shortName', 'city', 'state', 'region', 'latitude', 'longitude', 'aliases'] as const;

/** Code-unit order (the same on every engine and collation). */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every place, airports first, with how many lots it has and how many are published. */
export async function listPlaces(db: DB) {
  const places = await db.select().from(locations).orderBy(locations.id);
  const counts = await db
    .select({ locationId: parkingProviders.locationId, lots: count(), published: sql<number>`sum(case when ${parkingProviders.published} = 1 then 1 else 0 end)`.mapWith(Number) })
    .from(parkingProviders)
    .groupBy(parkingProviders.locationId);
  const byPlace = new Map(counts.map((c) => [c.locationId, c]));
  return places
    .map((p) => ({ ...p, lots: byPlace.get(p.id)?.lots ?? 0, publishedLots: byPlace.get(p.id)?.published ?? 0 }))
    .sort((a, b) => byCodeUnits(a.kind, b.kind) || byCodeUnits(a.name, b.name) || a.id - b.id);
}

const suffixed = (base: string, n: number) => (n === 1 ? base : `${base}-${n}`);

/** Slugs already used by places or SEO pages that start like these. */
async function takenSlugs(tx: DB, slug: string, seoSlug: string) {
  const places = await tx
    .select({ slug: locations.slug, seoSlug: locations.seoSlug })
    .from(locations)
    .where(or(like(locations.slug, `${slug}%`), like(locations.seoSlug, `${seoSlug}%`)));
  const pages = await tx
    .select({ slug: seoPages.slug })
    .from(seoPages)
    .where(like(seoPages.slug, `${seoSlug}%`));
  return { slugs: new Set(places.map((p) => p.slug)), seoSlugs: new Set([...places.map((p) => p.seoSlug), ...pages.map((p) => p.slug)]) };
}

async function codeTaken(tx: DB, code: string, except?: number) {
  const [row] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.code, code), except ? ne(locations.id, except) : undefined))
    .limit(1);
  return Boolean(row);
}

const codeMessage = (code: string) => `There is already a place with the code ${code}`;

export async function createPlace(db: DB, actor: Actor, input: TLocationInput) {
  return db.transaction(async (tx) => {
    if (await codeTaken(tx, input.code)) throw new AppError('CONFLICT', codeMessage(input.code));
    const base = placeSlugs(input);
    const taken = await takenSlugs(tx, base.slug, base.seoSlug);
    // The unique indexes decide: a slug or code taken meanwhile makes the insert do nothing, and we look again.
    const free = (set: Set<string>, from: string) => {
      let n = 1;
      while (set.has(suffixed(from, n))) n++;
      return suffixed(from, n);
    };
    for (let attempt = 0; attempt < 20; attempt++) {
      const slug = free(taken.slugs, base.slug);
      const seoSlug = free(taken.seoSlugs, base.seoSlug);
      const [place] = await tx
        .insert(locations)
        .values({ ...input, slug, seoSlug })
        .onConflictDoNothing()
        .returning();
      if (!place) {
        if (await codeTaken(tx, input.code)) throw new AppError('CONFLICT', codeMessage(input.code));
        // Taken meanwhile by another writer: look again.
        const now = await takenSlugs(tx, base.slug, base.seoSlug);
        now.slugs.forEach((s) => taken.slugs.add(s));
        now.seoSlugs.forEach((s) => taken.seoSlugs.add(s));
        continue;
      }
      await recordAudit(tx, actor, { entity: 'location', entityId: place.id, action: 'create', changes: diffFields(null, place, [...PLACE_FIELDS, 'slug', 'seoSlug']) });
      await refreshSeoPage(tx, place.id);
      await bumpContentVersion(tx);
      return { ...place, lots: 0, publishedLots: 0 };
    }
    throw new AppError('CONFLICT', 'Could not find a free address for this place: make the name more specific');
  });
}

export async function updatePlace(db: DB, actor: Actor, input: TUpdateLocationInput) {
  try {
    return await writePlaceEdit(db, actor, input);
  } catch (err) {
    // Another writer took the code between our check and our update.
    if (isUniqueViolation(err))
      throw new AppError(
        'CONFLICT',
        codeMessage(
          String(input.code ?? '')
            .trim()
            .toUpperCase(),
        ),
      );
    throw err;
  }
}

async function writePlaceEdit(db: DB, actor: Actor, input: TUpdateLocationInput) {
  const { id, ...patch } = input;
  return db.transaction(async (tx) => {
    // Touching the row takes its lock (PostgreSQL) before it is read.
    const [before] = await tx
      .update(locations)
      .set({ code: sql`${locations.code}` })
      .where(eq(locations.id, id))
      .returning();
    if (!before) throw notFound('Location not found');
    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const merged = ZLocationInput.safeParse({ ...before, ...given });
    if (!merged.success) throw new AppError('BAD_REQUEST', merged.error.issues[0]?.message ?? 'Check the place details');
    const next = merged.data;
    const changes = diffFields(before, next, PLACE_FIELDS);
    if (Object.keys(changes).length === 0) return { ...before, changed: [] as string[] };
    if (changes.code && (await codeTaken(tx, next.code, id))) throw new AppError('CONFLICT', codeMessage(next.code));
    const [place] = await tx.update(locations).set(next).where(eq(locations.id, id)).returning();
    if (!place) throw notFound('Location not found');
    const lots = await remeasureLots(tx, place, Boolean(changes.name || changes.latitude || changes.longitude || changes.kind));
    await recordAudit(tx, actor, { entity: 'location', entityId: id, action: 'update', changes: lots ? { ...changes, lotsUpdated: lots } : changes });
    await refreshSeoPage(tx, id);
    await bumpContentVersion(tx);
    return { ...place, changed: Object.keys(changes) };
  });
}

/** After a place moves or is renamed: its lots' distances and the place name they show. Returns how many changed. */
async function remeasureLots(tx: DB, place: PlaceRow, needed: boolean): Promise<number> {
  if (!needed) return 0;
  const lots = await tx
    .select({
      id: parkingProviders.id,
      latitude: parkingProviders.latitude,
      longitude: parkingProviders.longitude,
      distance: parkingProviders.distance,
      distanceMiles: parkingProviders.distanceMiles,
      location: parkingProviders.location,
    })
    .from(parkingProviders)
    .where(eq(parkingProviders.locationId, place.id))
    .orderBy(parkingProviders.id);
  let changed = 0;
  for (const lot of lots) {
    let measured;
    try {
      measured = distanceFrom(place, lot);
    } catch {
      throw new AppError('BAD_REQUEST', `Lot ${lot.id} would be more than ${MAX_LOT_MILES} miles from the new coordinates: check the latitude and longitude`);
    }
    if (measured.distance === lot.distance && measured.distanceMiles === lot.distanceMiles && lot.location === place.name) continue;
    await tx
      .update(parkingProviders)
      .set({ ...measured, location: place.name })
      .where(eq(parkingProviders.id, lot.id));
    changed++;
  }
  return changed;
}
