// What each social card says, read from the catalogue and the blog: the home page, a location, a lot and
// a blog post. Only public data (published posts); null when the slug names nothing.
import { and, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { blogCategories, blogPosts } from '../../db/schema';
import { lotArtKind, lotArtSeed } from '../../placeholder';
import { formatCount } from '@/shared/format';
import { realRating } from '@/shared/ratings';
import { formatPrice } from '@/shared/pricing';
import { DEFAULT_AUTHOR, readTime } from '../blog/shape';
import { getDirectoryStats, getLocation, getProvider } from '../catalogue/catalogue.service';
import type { CardContent } from './cards';
import type { TLotArtKind } from './lot-art';

export const OG_KINDS = ['location', 'lot', 'post'] as const;
export type TOgKind = (typeof OG_KINDS)[number];

const hash = (s: string) => {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
};
const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
/** Places and posts get the art of a lot type picked by name (cruise ports: the cruise terminal). */
const artFor = (key: string, cruise: boolean): CardContent['art'] => {
  const kinds: TLotArtKind[] = ['garage', 'surface', 'covered', 'valet'];
  return { kind: cruise ? 'cruise' : kinds[hash(key) % kinds.length]!, seed: hash(key) % 1000 };
};

export async function homeCard(db: DB, brand: string): Promise<CardContent> {
  const stats = await getDirectoryStats({ db });
  return {
    brand,
    eyebrow: 'Airport & cruise port parking',
    title: 'Compare lots by the total price, then book in minutes',
    subtitle: `${plural(stats.airports, 'US airport')} and ${plural(stats.cruisePorts, 'cruise port')}`,
    price: stats.lowestPrice !== null ? { prefix: 'from', amount: formatPrice(stats.lowestPrice), unit: '/day' } : undefined,
    chips: [{ text: plural(stats.providers, 'lot') }],
    art: { kind: 'garage', seed: 7 },
  };
}

export async function locationCard(db: DB, brand: string, slug: string): Promise<CardContent | null> {
  const place = await getLocation({ db }, slug);
  if (!place) return null;
  const cruise = place.kind === 'cruise_port';
  return {
    brand,
    eyebrow: cruise ? 'Cruise port parking' : `Airport parking · ${place.code}`,
    title: cruise ? place.name : `${place.name} (${place.code})`,
    subtitle: `${place.city}, ${place.state}`,
    price: place.minPrice !== null ? { prefix: 'from', amount: formatPrice(place.minPrice), unit: '/day' } : undefined,
    chips: [{ text: plural(place.providerCount, 'lot') }],
    art: artFor(place.code, cruise),
  };
}

export async function lotCard(db: DB, brand: string, slug: string): Promise<CardContent | null> {
  if (/^\d+$/.test(slug)) return null; // one address per lot: its name slug
  const lot = await getProvider({ db }, slug);
  if (!lot) return null;
  const chips: CardContent['chips'] = [];
  const rating = realRating(lot);
  // A star only with real reviews behind it.
  if (rating) chips.push({ text: `${rating.value.toFixed(1)} (${formatCount(rating.count)})`, star: true });
  return {
    brand,
    eyebrow: lot.terminal.kind === 'cruise_port' ? 'Cruise port parking' : `Airport parking · ${lot.terminal.code}`,
    title: lot.name,
    subtitle: lot.terminal.name,
    price: { amount: formatPrice(lot.price), unit: '/day' },
    chips,
    art: { kind: lotArtKind(lot, lot.terminal.kind), seed: lotArtSeed(lot) },
  };
}

export async function postCard(db: DB, brand: string, slug: string): Promise<CardContent | null> {
  const [post] = await db
    .select({ title: blogPosts.title, category: blogPosts.category, authorName: blogPosts.authorName, content: blogPosts.content })
    .from(blogPosts)
    .where(and(eq(blogPosts.published, 1), eq(blogPosts.slug, slug)));
  if (!post) return null;
  const [category] = post.category ? await db.select({ name: blogCategories.name }).from(blogCategories).where(eq(blogCategories.slug, post.category)) : [];
  const author = post.authorName ?? DEFAULT_AUTHOR;
  const initials = author
    .split(/\s+/)
    .filter((w) => /^\p{Lu}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  return {
    brand,
    eyebrow: category?.name ?? 'Travel guide',
    title: post.title,
    byline: { initials: initials || 'P', text: `By ${author}` },
    chips: [{ text: `${readTime(post.content)} min read` }],
    art: artFor(slug, /\b(cruise|cruises|cruising|sail|sailing|ship)\b/i.test(`${post.title} ${post.category ?? ''}`)),
  };
}

/** The card for /og/{kind}/{slug}.png, or null for a slug that names nothing public. */
export function cardFor(db: DB, brand: string, kind: TOgKind, slug: string): Promise<CardContent | null> {
  if (kind === 'location') return locationCard(db, brand, slug);
  if (kind === 'lot') return lotCard(db, brand, slug);
  return postCard(db, brand, slug);
}
