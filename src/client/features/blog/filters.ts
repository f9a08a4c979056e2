// The blog list filters as a URL holds them: read by the page and prefetched by the server with the same input.
import { BLOG_SORTS } from '@/shared/blog-options';

export type BlogSort = (typeof BLOG_SORTS)[number];

export function blogFilters(search: URLSearchParams, category?: string) {
  const sort = search.get('sort');
  return {
    search: search.get('search') || undefined,
    category: category ?? (search.get('category') || undefined),
    sort: (BLOG_SORTS as readonly string[]).includes(sort ?? '') ? (sort as BlogSort) : ('newest' as const),
  };
}
