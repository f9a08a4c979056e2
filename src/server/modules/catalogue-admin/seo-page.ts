// A place's SEO landing page follows its published lots: written with the seed's `seoPageFor` from the lots
// as they are now (counts, cheapest and priciest rate, closest lot), in the transaction that changed them. A
// place with no published lot yet gets a short page of its own, so it has a landing page from the start.
import { toDollars } from '@/shared/money';
import { and, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { locations, parkingProviders, seoPages } from '../../db/schema';
import { seoPageFor } from '../../db/seed';
import type { SeedLocation } from '@db/seed/locations';
import type { SeedProvider } from '@db/seed/providers';
import { formatMiles } from '@/shared/geo';
import type { PlaceRow } from './lot-rows';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Page = ReturnType<typeof seoPageFor>;

/** The page of a place that has no published lot yet (same title, slug and keywords as seoPageFor's). */
function pageWithoutLots(loc: SeedLocation): Page {
  const isAirport = loc.kind === 'airport';
  const label = isAirport ? `${loc.name} (${loc.code})` : `${loc.shortName} Cruise Port`;
  const title = `${label} Parking`;
  return {
    title,
    slug: loc.seoSlug,
    metaTitle: `${title}: Compare Rates`,
    metaDescription: `Parking near ${label} in ${loc.city}, ${loc.state}: lots are being added. See the total price up front and free cancellation on most lots.`,
    content: [
      `<h2>Parking at ${escapeHtml(label)}</h2>`,
      `<p>We are adding parking lots serving ${escapeHtml(loc.name)} in ${escapeHtml(loc.city)}, ${loc.state}. Every price you will see already includes our flat $1.99 service fee at checkout.</p>`,
      `<h3>Tips</h3>`,
      `<ul><li>Book ahead for holiday weekends.</li><li>Allow time for the shuttle on top of ${isAirport ? 'security lines' : 'embarkation'}.</li><li>Check each lot's cancellation policy before you book.</li></ul>`,
    ].join('\n'),
    targetKeywords: [`${loc.code.toLowerCase()} parking`, `${loc.shortName.toLowerCase()} ${isAirport ? 'airport' : 'cruise'} parking`],
    location: loc.name,
    template: isAirport ? 'airport-parking' : 'location',
  };
}

const asSeedLocation = (p: PlaceRow): SeedLocation => ({ ...p, region: p.region as SeedLocation['region'], aliases: [...p.aliases] });

/** Rewrites the SEO page of a place from its published lots (only when the text changes). In the caller's transaction. */
export async function refreshSeoPage(tx: DB, locationId: number): Promise<void> {
  const [place] = await tx.select().from(locations).where(eq(locations.id, locationId));
  if (!place) return;
  const lots = await tx
    .select({
      name: parkingProviders.name,
      priceCents: parkingProviders.priceCents,
      distanceMiles: parkingProviders.distanceMiles,
      distance: parkingProviders.distance,
      shuttleInfo: parkingProviders.shuttleInfo,
      amenities: parkingProviders.amenities,
    })
    .from(parkingProviders)
    .where(and(eq(parkingProviders.locationId, locationId), eq(parkingProviders.published, 1)))
    .orderBy(parkingProviders.id);
  const loc = asSeedLocation(place);
  // seoPageFor reads only these fields of each lot; it writes "<distance> from the terminal" itself.
  const facts = lots.map(({ priceCents, ...l }) => ({
    ...l,
    price: toDollars(priceCents),
    distance: formatMiles(l.distanceMiles),
    shuttleInfo: l.shuttleInfo ?? 'ask the lot how to reach the terminal',
  })) as unknown as SeedProvider[];
  const page = facts.length ? seoPageFor(loc, facts) : pageWithoutLots(loc);
  const [current] = await tx.select().from(seoPages).where(eq(seoPages.slug, page.slug));
  const fields = { ...page, locationId };
  if (!current) {
    await tx.insert(seoPages).values(fields).onConflictDoNothing();
    return;
  }
  const same =
    current.title === page.title &&
    current.metaTitle === page.metaTitle &&
    current.metaDescription === page.metaDescription &&
    current.content === page.content &&
    current.location === page.location &&
    current.locationId === locationId &&
    JSON.stringify(current.targetKeywords) === JSON.stringify(page.targetKeywords);
  if (!same) await tx.update(seoPages).set(fields).where(eq(seoPages.id, current.id));
}
