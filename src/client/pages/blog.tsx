// /blog and /blog/category/{slug}: hero, Featured Articles, search, category filter with counts, sort, the
// post grid with a Load More that fetches the next page, Browse by Topic, and 'No articles found'.
import { useQuery } from '@tanstack/react-query';
import { Search, SearchX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { NativeSelect } from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { blogFilters } from '@/client/features/blog/filters';
import { PostCard } from '@/client/features/blog/post-card';
import { isNotFound, useTRPC } from '@/client/lib/trpc';
import { BLOG_SORTS } from '@/shared/blog-options';
import { preloadable } from '@/client/lib/lazy';

/** Only for an unknown category: its code is not part of the blog's first visit. */
const NotFoundPage = preloadable('not-found', () => import('./not-found'));

const SORT_LABELS: Record<(typeof BLOG_SORTS)[number], string> = { newest: 'Newest first', oldest: 'Oldest first', popular: 'Most popular', trending: 'Trending this week' };

export default function BlogPage() {
  const trpc = useTRPC();
  const { slug } = useParams<{ slug?: string }>();
  const categoryPage = useQuery(trpc.blog.category.queryOptions({ slug: slug ?? '' }, { enabled: Boolean(slug), retry: false, retryOnMount: false }));
  if (slug && isNotFound(categoryPage.error)) return <NotFoundPage />;
  return <BlogList categorySlug={slug} categoryData={categoryPage.data} />;
}

function BlogList({ categorySlug, categoryData }: { categorySlug?: string; categoryData?: { name: string; description: string | null; postCount: number } }) {
  const trpc = useTRPC();
  const params = new URLSearchParams(useSearch());
  const [path, navigate] = useLocation();
  const filters = blogFilters(params, categorySlug);
  const categories = useQuery(trpc.blog.categories.queryOptions());
  const featured = useQuery(trpc.blog.featured.queryOptions(undefined, { enabled: !categorySlug }));
  const [pages, setPages] = useState(1);
  const filterKey = JSON.stringify(filters);
  const [shownFor, setShownFor] = useState(filterKey);
  if (shownFor !== filterKey) {
    setShownFor(filterKey);
    setPages(1);
  }

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (next.get('sort') === 'newest') next.delete('sort');
    const target = changes.category !== undefined && categorySlug ? '/blog' : path;
    const qs = next.toString();
    navigate(qs ? `${target}?${qs}` : target, { replace: target === path });
  };
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { search } = Object.fromEntries(new FormData(event.currentTarget)) as { search?: string };
    update({ search: search?.trim() || undefined });
  };
  const filtered = Boolean(filters.search || (!categorySlug && filters.category));

  return (
    <div>
      <section className="border-b border-border bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
          {categorySlug ? (
            <>
              <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
                <Link href="/blog" className="hover:text-foreground">
                  Blog
                </Link>
                {' / '}
                <span aria-current="page">{categoryData?.name ?? ''}</span>
              </nav>
              <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance">{categoryData?.name ?? 'Articles'}</h1>
              <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{categoryData?.description}</p>
            </>
          ) : (
            <>
              <p className="text-sm font-semibold uppercase tracking-wide text-primary">The ParkPilot blog</p>
              <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">Airport and cruise parking, explained</h1>
              <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
                Guides to US airports and cruise ports, written from our live catalogue of lots: prices, shuttle times and what to expect on the day.
              </p>
            </>
          )}
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-12 px-4 py-10 sm:px-6">
        {!categorySlug && !filtered && (
          <section aria-labelledby="featured-heading">
            <h2 id="featured-heading" className="text-2xl font-bold tracking-tight">
              Featured Articles
            </h2>
            <div className="mt-5 grid gap-6 md:grid-cols-3">
              {featured.data
                ? featured.data.map((post) => <PostCard key={post.id} post={post} categories={categories.data} large />)
                : [0, 1, 2].map((i) => <Skeleton key={i} className="h-96 w-full" />)}
            </div>
          </section>
        )}

        <section aria-labelledby="all-heading" className="space-y-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="all-heading" className="text-2xl font-bold tracking-tight">
              {categorySlug ? `All ${categoryData?.name ?? ''} articles` : 'All Articles'}
            </h2>
          </div>
          <div className="grid gap-4 rounded-lg border border-border bg-background p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
            <form role="search" onSubmit={onSearch} className="space-y-1.5">
              <Label htmlFor="blog-search">Search articles</Label>
              <div className="flex gap-2">
                <Input
                  id="blog-search"
                  name="search"
                  type="search"
                  defaultValue={filters.search ?? ''}
                  key={filters.search ?? ''}
                  placeholder="MCO, cruise, shuttle…"
                  maxLength={100}
                />
                <Button type="submit" variant="outline" aria-label="Search">
                  <Search className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </form>
            {!categorySlug && (
              <div className="space-y-1.5">
                <Label htmlFor="blog-category">Category</Label>
                <NativeSelect id="blog-category" value={filters.category ?? ''} onChange={(e) => update({ category: e.target.value || undefined })}>
                  <option value="">All Categories</option>
                  {categories.data?.map((c) => (
                    <option key={c.slug} value={c.slug}>{`${c.name} (${c.postCount})`}</option>
                  ))}
                </NativeSelect>
              </div>
            )}
            <div className="space-y-1.5">
              <Label htmlFor="blog-sort">Sort by</Label>
              <NativeSelect id="blog-sort" value={filters.sort} onChange={(e) => update({ sort: e.target.value })}>
                {BLOG_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>

          <PostPages filters={filters} pages={pages} categories={categories.data} onMore={() => setPages((p) => p + 1)} onClear={() => navigate(categorySlug ? path : '/blog')} />
        </section>

        {!categorySlug && (
          <section aria-labelledby="topics-heading">
            <h2 id="topics-heading" className="text-2xl font-bold tracking-tight">
              Browse by Topic
            </h2>
            <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {categories.data?.map((c) => (
                <li key={c.slug}>
                  <Link href={`/blog/category/${c.slug}`} className="block h-full rounded-lg border border-border p-5 transition-colors hover:border-primary hover:bg-secondary/40">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="font-semibold">{c.name}</span>
                      <span className="text-sm text-muted-foreground">{`${c.postCount} article${c.postCount === 1 ? '' : 's'}`}</span>
                    </span>
                    <span className="mt-2 line-clamp-2 block text-sm text-muted-foreground">{c.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}

function PostPages({
  filters,
  pages,
  categories,
  onMore,
  onClear,
}: {
  filters: ReturnType<typeof blogFilters>;
  pages: number;
  categories?: { slug: string; name: string }[];
  onMore: () => void;
  onClear: () => void;
}) {
  const trpc = useTRPC();
  const first = useQuery(trpc.blog.posts.queryOptions({ ...filters, page: 1 }, { placeholderData: (prev) => prev }));
  if (!first.data) {
    return (
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-busy="true" aria-label="Loading articles">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-96 w-full" />
        ))}
      </div>
    );
  }
  if (first.data.total === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 p-10 text-center">
        <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-semibold">No articles found</p>
        <p className="text-sm text-muted-foreground">Try another search or category.</p>
        <Button variant="outline" className="mt-2" onClick={onClear}>
          Clear Filters
        </Button>
      </Card>
    );
  }
  return (
    <div className="space-y-8">
      <p className="text-sm text-muted-foreground" aria-live="polite">{`${first.data.total} article${first.data.total === 1 ? '' : 's'}`}</p>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {first.data.posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} categories={categories} />
          </li>
        ))}
        {Array.from({ length: pages - 1 }, (_, i) => (
          <MorePosts key={i + 2} filters={filters} page={i + 2} categories={categories} />
        ))}
      </ul>
      <LoadMore filters={filters} pages={pages} total={first.data.total} pageSize={first.data.pageSize} onMore={onMore} />
    </div>
  );
}

function MorePosts({ filters, page, categories }: { filters: ReturnType<typeof blogFilters>; page: number; categories?: { slug: string; name: string }[] }) {
  const trpc = useTRPC();
  const result = useQuery(trpc.blog.posts.queryOptions({ ...filters, page }));
  if (!result.data)
    return (
      <li className="sm:col-span-2 lg:col-span-3">
        <Skeleton className="h-96 w-full" />
      </li>
    );
  return (
    <>
      {result.data.posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} categories={categories} />
        </li>
      ))}
    </>
  );
}

function LoadMore({ pages, total, pageSize, onMore }: { filters: ReturnType<typeof blogFilters>; pages: number; total: number; pageSize: number; onMore: () => void }) {
  if (pages * pageSize >= total) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" size="lg" onClick={onMore}>
        Load More
      </Button>
    </div>
  );
}
