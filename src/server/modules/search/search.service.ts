// Provider search shared by every entry point (REST, tRPC, chat, location pages): resolve the text to a
// location, price each lot for the dates (with the stay's day rates), count free spaces (none on a closed
// day), filter, sort, and record signed-in searches.
// Places and lots come from the catalogue snapshot (catalogue/snapshot.ts), which is versioned with the
// content version: pass the ROOT database handle (never a transaction) to the functions that read it.
import { desc, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { searchHistory } from '../../db/schema';
import { stayInventory } from '../bookings/inventory';
import { AMENITY_FILTERS, type TSearchQuery } from '@/shared/schemas/search';
import { toDollars } from '@/shared/money';
import { billableDays, linesInDollars, priceStay, stayLines, type DayRate } from '@/shared/pricing';
import { lotPrices } from '../catalogue/lot-prices';
import { dayRatesForStay } from '../lot-days/day-rates';
import { resolveLocation } from './resolve';
import { resolveSearch } from './areas';
import { compareByRating } from '@/shared/ratings';
import { lotImageUrls } from '../../placeholder';
import { catalogueSnapshot, imageAlts, type CatalogueSnapshot, type LocationRow } from '../catalogue/snapshot';
import { SharedResults, stamp } from './shared-results';

/** The catalogue's locations, airports first (from the in-memory catalogue, current with the content version). */
export async function allLocations(db: DB): Promise<LocationRow[]> {
  return (await catalogueSnapshot(db)).locations;
}

export async function findLocation(db: DB, text: string) {
  return resolveLocation(await allLocations(db), text);
}

/** One place offered when a search names an area: enough to show and link it. */
const toChoice = (l: LocationRow) => ({ code: l.code, name: l.name, shortName: l.shortName, kind: l.kind, city: l.city, state: l.state });

export type TProviderResult = Awaited<ReturnType<typeof searchProviders>>['providers'][number];
type TSearchResult = Awaited<ReturnType<typeof computeSearch>>;

/** Results shared between callers for a few seconds (shared-results.ts). Callers must not change them. */
const shared = new SharedResults<TSearchResult>();

export async function searchProviders(db: DB, query: TSearchQuery): Promise<TSearchResult> {
  // One snapshot for the place and its lots, so both come from the same catalogue version.
  const catalogue = await catalogueSnapshot(db);
  const { location, arrivalDate, departureDate, sort, amenities, maxDistance, maxPrice } = query;
  const key = JSON.stringify([location, arrivalDate, departureDate, sort, [...amenities].sort(), maxDistance, maxPrice]);
  const kept = shared.get(catalogue, key);
  if (kept) return kept;
  const from = stamp();
  const result = await computeSearch(db, catalogue, query);
  shared.set(catalogue, key, result, from);
  return result;
}

async function computeSearch(db: DB, catalogue: CatalogueSnapshot, query: TSearchQuery) {
  const { location, choices } = resolveSearch(catalogue.locations, query.location);
  const dates = { arrivalDate: query.arrivalDate, departureDate: query.departureDate };
  // A state or region ('florida', 'southern california'): the traveller picks one of its places.
  if (choices) return { location: null, ...dates, providers: [], choices: { area: choices.name, places: choices.places.map(toChoice) } };
  if (!location) return { location: null, ...dates, providers: [], choices: null };
  const rows = catalogue.lotsByLocation.get(location.id) ?? [];
  const days = billableDays(query.arrivalDate, query.departureDate);
  // Free spaces in one read of the stay's day rows; the day rates (holiday rates) only of lots that have one.
  const { free, rated } = await stayInventory(db, rows, query.arrivalDate, query.departureDate);
  const rates = rated.length ? await dayRatesForStay(db, rated, query.arrivalDate, query.departureDate) : new Map<number, DayRate[]>();
  const images = new Map(rows.map((p) => [p.id, lotImageUrls(p, location.kind)]));
  const wanted = query.amenities.map((a) => AMENITY_FILTERS[a]);

  const providers = rows
    .map((p) => {
      const stay = { dailyPrice: p.priceCents, weeklyRate: p.weeklyRateCents, days, dayRates: rates.get(p.id) };
      const price = priceStay(stay);
      const byDay = priceStay({ ...stay, weeklyRate: null });
      return {
        id: p.id,
        name: p.name,
        slug: p.slug,
        location: p.location,
        locationCode: location.code,
        locationSlug: location.slug,
        address: p.address,
        latitude: p.latitude,
        longitude: p.longitude,
        distance: p.distance,
        distanceMiles: p.distanceMiles,
        ...lotPrices(p),
        pricingSource: p.pricingSource,
        capacity: p.capacity,
        availableSpaces: free.get(p.id) ?? p.capacity,
        features: p.features,
        shuttleInfo: p.shuttleInfo,
        securityFeatures: p.securityFeatures,
        imageUrls: images.get(p.id)!,
        /** The administrator's description of each image ('' where none: the page describes it). */
        imageAlts: imageAlts(catalogue, images.get(p.id)!),
        description: p.description,
        /** Null while the lot has no review (see shared/ratings.ts): never a made-up score. */
        rating: p.rating,
        reviewCount: p.reviewCount,
        operatingHours: p.operatingHours,
        phoneNumber: p.phoneNumber,
        website: p.website,
        amenities: p.amenities,
        vehicleTypes: p.vehicleTypes,
        cancellationPolicy: p.cancellationPolicy,
        days,
        // Dollars: the API shows dollars.
        subtotal: toDollars(price.subtotal),
        /** How the subtotal is made up, day rates included ('3 days × $10.95', 'Holiday rate Dec 24: +$5.00'). */
        priceLines: linesInDollars(stayLines(stay)),
        serviceFee: toDollars(price.serviceFee),
        total: toDollars(price.total),
        /** True when the weekly rate made this stay cheaper than the daily price. */
        weeklyRateApplied: price.subtotal < byDay.subtotal,
      };
    })
    .filter(
      (p) =>
        wanted.every((a) => p.amenities.includes(a)) &&
        (query.maxDistance === undefined || p.distanceMiles <= query.maxDistance) &&
        (query.maxPrice === undefined || p.total <= query.maxPrice),
    );

  const by = {
    price: (a: (typeof providers)[number], b: (typeof providers)[number]) => a.total - b.total || a.distanceMiles - b.distanceMiles,
    distance: (a: (typeof providers)[number], b: (typeof providers)[number]) => a.distanceMiles - b.distanceMiles || a.total - b.total,
    // Lots with reviews first, best first; lots without reviews after them, cheapest first.
    rating: (a: (typeof providers)[number], b: (typeof providers)[number]) => compareByRating(a, b) || a.total - b.total,
  }[query.sort];
  providers.sort(by);
  return {
    ...dates,
    choices: null,
    location: {
      id: location.id,
      code: location.code,
      name: location.name,
      shortName: location.shortName,
      kind: location.kind,
      slug: location.slug,
      city: location.city,
      state: location.state,
      latitude: location.latitude,
      longitude: location.longitude,
    },
    providers,
  };
}

export async function recordSearch(db: DB, userId: number, searchTerm: string, locationName: string, resultCount: number, dates?: { arrivalDate: string; departureDate: string }) {
  await db
    .insert(searchHistory)
    .values({ userId, searchTerm, location: locationName, resultCount, arrivalDate: dates?.arrivalDate ?? null, departureDate: dates?.departureDate ?? null });
}

/** The user's recent searches, newest first, each place and stay once (a repeat only moves it up). */
export async function listSearchHistory(db: DB, userId: number, limit = 20) {
  const rows = await db
    .select({
      id: searchHistory.id,
      location: searchHistory.location,
      searchTerm: searchHistory.searchTerm,
      resultCount: searchHistory.resultCount,
      arrivalDate: searchHistory.arrivalDate,
      departureDate: searchHistory.departureDate,
      searchedAt: searchHistory.searchedAt,
    })
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(desc(searchHistory.searchedAt), desc(searchHistory.id))
    .limit(limit * 5);
  const seen = new Set<string>();
  return rows
    .filter((r) => {
      const key = `${r.location.toLowerCase()}|${r.arrivalDate?.slice(0, 10) ?? ''}|${r.departureDate?.slice(0, 10) ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit);
}

/** A lot as search results show it: everything but the long texts (description, security) the lot page reads. */
export function toResultCard(p: TProviderResult) {
  const { description: _d, securityFeatures: _s, ...card } = p;
  return card;
}
