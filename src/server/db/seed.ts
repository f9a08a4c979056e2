// Seeds the demonstration catalogue (locations, providers, SEO pages, blog categories); idempotent.
import { toCents } from '@/shared/money';
import { count, eq } from 'drizzle-orm';
import { BLOG_CATEGORIES } from '@db/seed/blog-categories';
import { LOCATIONS, type SeedLocation } from '@db/seed/locations';
import { generateProviders, type SeedProvider } from '@db/seed/providers';
import { formatPrice } from '@/shared/pricing';
import type { DB } from './client';
import { blogCategories, blogPosts, locations, parkingProviders, seoPages } from './schema';
import { generatePost } from '../modules/blog/blog.service';
import { bumpContentVersion } from '../content-version';

export async function isCatalogueEmpty(db: DB): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(locations);
  return row!.n === 0;
}

/**
 * Inserts whatever of the catalogue is missing, in one transaction. Returns the rows added. Safe when several
 * servers boot at once: every insert skips rows another has written (unique codes and slugs).
 */
export async function seedCatalogue(db: DB) {
  const added = { locations: 0, providers: 0, seoPages: 0, blogCategories: 0 };
  await db.transaction(async (tx) => {
    for (const loc of LOCATIONS) {
      const [inserted] = await tx
        .insert(locations)
        .values({ ...loc, aliases: [...loc.aliases] })
        .onConflictDoNothing()
        .returning({ id: locations.id });
      if (inserted) added.locations++;
      const locationId = inserted?.id ?? (await tx.select({ id: locations.id }).from(locations).where(eq(locations.code, loc.code)))[0]!.id;
      const providers = generateProviders(loc);
      const lots = await tx
        .insert(parkingProviders)
        .values(providers.map(({ locationCode: _code, price, weeklyRate, ...fields }) => ({ ...fields, ...seedPrices(price, weeklyRate), locationId, location: loc.name })))
        .onConflictDoNothing()
        .returning({ id: parkingProviders.id });
      added.providers += lots.length;
      const page = seoPageFor(loc, providers);
      added.seoPages += (
        await tx
          .insert(seoPages)
          .values({ ...page, locationId })
          .onConflictDoNothing()
          .returning({ id: seoPages.id })
      ).length;
    }
    for (const cat of BLOG_CATEGORIES) {
      added.blogCategories += (await tx.insert(blogCategories).values(cat).onConflictDoNothing().returning({ id: blogCategories.id })).length;
    }
    if (added.locations + added.providers + added.seoPages > 0) await bumpContentVersion(tx);
  });
  return added;
}

/** The seed's dollars as the database keeps them (cents). */
const seedPrices = (price: number, weeklyRate: number | null | undefined) => ({ priceCents: toCents(price), weeklyRateCents: weeklyRate == null ? null : toCents(weeklyRate) });

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An SEO landing page written from the catalogue's facts about one location. */
export function seoPageFor(loc: SeedLocation, providers: SeedProvider[]) {
  const isAirport = loc.kind === 'airport';
  const label = isAirport ? `${loc.name} (${loc.code})` : `${loc.shortName} Cruise Port`;
  const prices = providers.map((p) => p.price);
  const cheapest = Math.min(...prices);
  const priciest = Math.max(...prices);
  const closest = [...providers].sort((a, b) => a.distanceMiles - b.distanceMiles)[0]!;
  const shuttles = providers.filter((p) => p.amenities.includes('Shuttle')).length;
  const covered = providers.filter((p) => p.amenities.includes('Covered')).length;
  const title = `${label} Parking`;
  const metaDescription = `Compare ${providers.length} parking lots near ${label} from ${formatPrice(cheapest)}/day. See the total price up front, free shuttles and free cancellation on most lots.`;
  const content = [
    `<h2>Parking at ${escapeHtml(label)}</h2>`,
    `<p>We list ${providers.length} independent lots serving ${escapeHtml(loc.name)} in ${escapeHtml(loc.city)}, ${loc.state}. Daily rates run from ${formatPrice(cheapest)} to ${formatPrice(priciest)}, and every price you see already includes our flat $1.99 service fee at checkout.</p>`,
    `<h3>Closest lot</h3>`,
    `<p>${escapeHtml(closest.name)} is ${escapeHtml(closest.distance)} from the ${isAirport ? 'terminal' : 'cruise terminal'} (${escapeHtml(closest.shuttleInfo)}).</p>`,
    `<h3>Shuttles and covered parking</h3>`,
    `<p>${shuttles} of ${providers.length} lots run a shuttle and ${covered} offer covered spaces. Filter by amenity on the results to find them.</p>`,
    `<h3>Tips</h3>`,
    `<ul><li>Book ahead for holiday weekends: lots near ${escapeHtml(loc.shortName)} fill up first.</li><li>Allow time for the shuttle on top of ${isAirport ? 'security lines' : 'embarkation'}.</li><li>Check each lot's cancellation policy before you book.</li></ul>`,
  ].join('\n');
  return {
    title,
    slug: loc.seoSlug,
    metaTitle: `${title}: Compare Rates from ${formatPrice(cheapest)}/day`,
    metaDescription,
    content,
    targetKeywords: [`${loc.code.toLowerCase()} parking`, `${loc.shortName.toLowerCase()} ${isAirport ? 'airport' : 'cruise'} parking`],
    location: loc.name,
    template: isAirport ? ('airport-parking' as const) : ('location' as const),
  };
}

/** The demonstration blog: articles the content engine writes from the catalogue, published over the past weeks. */
export const SEED_TOPICS: { topic: string; featured?: boolean }[] = [
  { topic: 'airport-guide:MCO', featured: true },
  { topic: 'cruise-guide:PCV-PORT', featured: true },
  { topic: 'tip:how-to-choose', featured: true },
  { topic: 'airport-guide:LAX' },
  { topic: 'cruise-guide:MIA-PORT' },
  { topic: 'cheap-parking:LAS' },
  { topic: 'airport-guide:JFK' },
  { topic: 'tip:long-term' },
  { topic: 'cruise-guide:GLS-PORT' },
  { topic: 'shuttle-guide:ORD' },
  { topic: 'holiday-travel:DFW' },
  { topic: 'airport-guide:ATL' },
  { topic: 'cheap-parking:DEN' },
  { topic: 'tip:covered-vs-open' },
  { topic: 'cruise-guide:SEA-PORT' },
  { topic: 'tip:ev-charging' },
];

/**
 * The demonstration blog, written once: when there are no posts yet. Several servers booting at once on an
 * empty database run this under the boot lock (db/boot.ts), so only the first writes it.
 */
export async function seedBlog(db: DB, now = Date.now()): Promise<number> {
  if ((await db.select({ id: blogPosts.id }).from(blogPosts).limit(1)).length) return 0;
  let added = 0;
  for (const [i, { topic, featured }] of SEED_TOPICS.entries()) {
    try {
      const post = await generatePost(db, { topicKey: topic, publish: true, featured, publishedAt: new Date(now - (i * 4 + 1) * 86_400_000) });
      // Demonstration view counts (deterministic), so "popular" has something to sort by.
      await db
        .update(blogPosts)
        .set({ viewCount: 60 + ((i * 137) % 420) })
        .where(eq(blogPosts.id, post.id));
      added++;
    } catch (err) {
      console.warn(`Blog seed topic ${topic} skipped:`, (err as Error).message);
    }
  }
  return added;
}
