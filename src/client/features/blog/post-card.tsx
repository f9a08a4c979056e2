// A blog post card: image, category, title, excerpt, up to 3 tags, date and read time.
import { CalendarDays, Clock } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/client/components/ui/badge';
import type { RouterOutputs } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { BLOG_TAGS_PER_CARD } from '@/shared/constants';
import { formatLongDate } from '@/shared/format';

export type PostCardData = RouterOutputs['blog']['featured'][number];

export const formatPostDate = formatLongDate;

export function categoryName(slug: string | null, categories?: { slug: string; name: string }[]) {
  return categories?.find((c) => c.slug === slug)?.name ?? (slug ?? '').replace(/-/g, ' ');
}

export function PostCard({
  post,
  categories,
  large = false,
  headingLevel = 'h3',
}: {
  post: PostCardData;
  categories?: { slug: string; name: string }[];
  large?: boolean;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-border bg-background shadow-sm transition-shadow hover:shadow-md">
      {post.featuredImage && (
        <img src={post.featuredImage} alt="" width={1200} height={630} loading="lazy" decoding="async" className="aspect-[1200/630] w-full bg-muted object-cover" />
      )}
      <div className={cn('flex flex-1 flex-col gap-3 p-5', large && 'sm:p-6')}>
        <p className="text-xs font-semibold uppercase tracking-wide text-primary">{categoryName(post.category, categories)}</p>
        <Heading className={cn('font-bold leading-snug tracking-tight', large ? 'text-xl sm:text-2xl' : 'text-lg')}>
          <Link href={`/blog/${post.slug}`} className="after:absolute after:inset-0 focus-visible:outline-hidden group-hover:text-primary">
            {post.title}
          </Link>
        </Heading>
        <p className="line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p>
        {post.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {post.tags.slice(0, BLOG_TAGS_PER_CARD).map((tag) => (
              <li key={tag}>
                <Badge variant="outline" className="font-normal">
                  {tag}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-2 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-3.5" aria-hidden="true" />
            {formatPostDate(post.publishedAt)}
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {`${post.readTime} min read`}
          </span>
        </p>
      </div>
    </article>
  );
}
