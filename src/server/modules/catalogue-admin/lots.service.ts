// Lots in the back office: list, read, create, edit, publish and unpublish. Reads go to the database (every
// lot, published or not); each change is one transaction with its audit entry, the place's SEO page and the
// content version bump, so search, the pages and the sitemap show it at once. Bookings keep their own price.
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { likeLower } from '../../db/dialect';
import { locations, parkingProviders } from '../../db/schema';
import type { Clock } from '../../deps';
import { AppError, notFound } from '../../errors';
import { bumpContentVersion } from '../../content-version';
import { applyLotCapacity } from '../bookings/capacity';
import { ADMIN_LOT_PAGE_SIZE, ZListLotsInput, ZLotInput, type TListLotsInput, type TLotInput, type TUpdateLotInput } from '@/shared/schemas/catalogue-admin';
import { diffFields, recordAudit, recordAudits, type Actor } from './audit';
import { auditView, insertLotsWithSlugs, insertLotWithSlug, LOT_AUDIT_FIELDS, lotColumns, placeToday, type LotRow, type PlaceRow } from './lot-rows';
import { lotPrices } from '../catalogue/lot-prices';
import { refreshSeoPage } from './seo-page';

type Deps = { db: DB; clock: Clock };

const placeSummary = {
  id: locations.id,
  code: locations.code,
  name: locations.name,
  kind: locations.kind,
  state: locations.state,
  slug: locations.slug,
  seoSlug: locations.seoSlug,
};

/** A pattern for likeLower: the text lower-cased, its % _ and \ escaped, anywhere in the value. */
export const containing = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of lots, filtered by place, status and text (name, address, slug or id). */
export async function listLots(db: DB, raw: TListLotsInput) {
  const input = ZListLotsInput.parse(raw);
  const q = input.q?.trim();
  const where = and(
    input.locationId ? eq(parkingProviders.locationId, input.locationId) : undefined,
    input.status === 'all' ? undefined : eq(parkingProviders.published, input.status === 'published' ? 1 : 0),
    q
      ? or(
          likeLower(parkingProviders.name, containing(q)),
          likeLower(parkingProviders.address, containing(q)),
          likeLower(parkingProviders.slug, containing(q)),
          /^\d{1,9}$/.test(q) ? eq(parkingProviders.id, Number(q)) : undefined,
        )
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(parkingProviders).where(where);
  const items = await db
    .select({
      id: parkingProviders.id,
      name: parkingProviders.name,
      slug: parkingProviders.slug,
      address: parkingProviders.address,
      priceCents: parkingProviders.priceCents,
      weeklyRateCents: parkingProviders.weeklyRateCents,
      capacity: parkingProviders.capacity,
      distance: parkingProviders.distance,
      published: parkingProviders.published,
      updatedAt: parkingProviders.updatedAt,
      location: placeSummary,
    })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(where)
    .orderBy(asc(locations.code), asc(parkingProviders.name), asc(parkingProviders.id))
    .limit(ADMIN_LOT_PAGE_SIZE)
    .offset((input.page - 1) * ADMIN_LOT_PAGE_SIZE);
  const n = total?.n ?? 0;
  return {
    items: items.map((l) => ({ ...l, ...lotPrices(l), published: l.published === 1 })),
    total: n,
    page: input.page,
    pageSize: ADMIN_LOT_PAGE_SIZE,
    pages: Math.max(1, Math.ceil(n / ADMIN_LOT_PAGE_SIZE)),
  };
}

const shape = (lot: LotRow, place: Pick<PlaceRow, keyof typeof placeSummary>) => ({ ...lot, ...lotPrices(lot), published: lot.published === 1, location: place });
export type TAdminLot = ReturnType<typeof shape>;

/** Every field of one lot (published or not) with its place. */
export async function getLot(db: DB, id: number) {
  const [row] = await db
    .select({ lot: parkingProviders, place: placeSummary })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(eq(parkingProviders.id, id));
  if (!row) throw notFound('Lot not found');
  return shape(row.lot, row.place);
}

async function placeOf(tx: DB, locationId: number): Promise<PlaceRow> {
  const [place] = await tx.select().from(locations).where(eq(locations.id, locationId));
  if (!place) throw new AppError('BAD_REQUEST', 'Choose the airport or cruise port the lot serves');
  return place;
}

/** The audit form of a row: published as true/false, as the editor shows it. */

/** Writes a new lot in the caller's transaction (with its audit entry); used by the editor and the CSV import. */
export async function insertLot(tx: DB, actor: Actor, input: TLotInput, place: PlaceRow, partnerId?: number): Promise<LotRow> {
  // A lot the administrator creates is approved as it is made; a partner's is a draft (unlisted) until approved.
  const owner = partnerId ? { partnerId, published: 0, approvedAt: null } : { published: input.published ? 1 : 0, approvedAt: new Date() };
  const row = await insertLotWithSlug(tx, { ...lotColumns(input, place), locationId: place.id, location: place.name, ...owner });
  await recordAudit(tx, actor, { entity: 'lot', entityId: row.id, action: 'create', changes: diffFields(null, auditView(row), ['location', 'slug', ...LOT_AUDIT_FIELDS]) });
  return row;
}

/** Writes many new lots in the caller's transaction, in one statement (and one for their audit entries): the
 * CSV import's way. `takenSlugs` (lot-rows.ts) saves reading every slug again per call. Rows in input order. */
export async function insertLots(tx: DB, actor: Actor, items: { input: TLotInput; place: PlaceRow }[], takenSlugs?: Set<string>): Promise<LotRow[]> {
  const approvedAt = new Date();
  const values = items.map(({ input, place }) => ({ ...lotColumns(input, place), locationId: place.id, location: place.name, published: input.published ? 1 : 0, approvedAt }));
  const rows = await insertLotsWithSlugs(tx, values, takenSlugs);
  await recordAudits(
    tx,
    actor,
    rows.map((row) => ({ entity: 'lot', entityId: row.id, action: 'create', changes: diffFields(null, auditView(row), ['location', 'slug', ...LOT_AUDIT_FIELDS]) })),
  );
  return rows;
}

export async function createLot({ db }: Deps, actor: Actor, input: TLotInput, partnerId?: number) {
  const lot = await db.transaction(async (tx) => {
    const place = await placeOf(tx, input.locationId);
    const row = await insertLot(tx, actor, input, place, partnerId);
    await refreshSeoPage(tx, place.id);
    await bumpContentVersion(tx);
    return shape(row, place);
  });
  return lot;
}

/**
 * Applies an edit to a lot in the caller's transaction: locks the row, merges, recomputes the distance,
 * moves the capacity of every future day that follows the lot (refused below what is sold, naming the
 * bookings), and records the field-by-field diff. Returns the row and what changed (nothing: no write).
 */
export async function applyLotEdit(tx: DB, actor: Actor, now: Date, id: number, patch: Omit<TUpdateLotInput, 'id'> & { published?: boolean }, action = 'update') {
  // Touching the row takes its lock (PostgreSQL) before it is read, so the diff is against what is replaced.
  const [before] = await tx
    .update(parkingProviders)
    .set({ updatedAt: sql`${parkingProviders.updatedAt}` })
    .where(eq(parkingProviders.id, id))
    .returning();
  if (!before) throw notFound('Lot not found');
  const place = await placeOf(tx, before.locationId);
  const merged = ZLotInput.safeParse({ ...before, ...lotPrices(before), ...patch, locationId: before.locationId, published: patch.published ?? before.published === 1 });
  if (!merged.success) throw new AppError('BAD_REQUEST', merged.error.issues[0]?.message ?? 'Check the lot details');
  const after = { ...lotColumns(merged.data, place), published: merged.data.published ? 1 : 0 };
  const changes = diffFields(auditView(before), auditView(after), LOT_AUDIT_FIELDS);
  if (Object.keys(changes).length === 0) return { row: before, place, changes };
  const [row] = await tx.update(parkingProviders).set(after).where(eq(parkingProviders.id, id)).returning();
  if (changes.capacity) await applyLotCapacity(tx, id, after.capacity, placeToday(place.state, now));
  await recordAudit(tx, actor, { entity: 'lot', entityId: id, action, changes });
  return { row: row!, place, changes };
}

export async function updateLot({ db, clock }: Deps, actor: Actor, input: TUpdateLotInput) {
  const { id, ...patch } = input;
  return db.transaction(async (tx) => {
    const { row, place, changes } = await applyLotEdit(tx, actor, clock.now(), id, patch);
    if (Object.keys(changes).length) {
      await refreshSeoPage(tx, place.id);
      await bumpContentVersion(tx);
    }
    return { lot: shape(row, place), changed: Object.keys(changes) };
  });
}

/** Publishes (listed in search, its pages and the sitemap) or unpublishes (kept for its bookings) a lot. */
export async function setLotPublished({ db, clock }: Deps, actor: Actor, id: number, published: boolean) {
  return db.transaction(async (tx) => {
    const { row, place, changes } = await applyLotEdit(tx, actor, clock.now(), id, { published }, published ? 'publish' : 'unpublish');
    if (changes.published) {
      await refreshSeoPage(tx, place.id);
      await bumpContentVersion(tx);
    }
    return shape(row, place);
  });
}

/** Lot names and place codes for audit entries (ids that no longer exist are left out). */
export async function lotLabels(db: DB, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: parkingProviders.id, name: parkingProviders.name, code: locations.code })
    .from(parkingProviders)
    .innerJoin(locations, eq(locations.id, parkingProviders.locationId))
    .where(inArray(parkingProviders.id, ids));
  return new Map(rows.map((r) => [r.id, `${r.name} (${r.code})`]));
}
