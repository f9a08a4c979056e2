// /blog/{slug}: the article (image, category, date, read time, views, author, tags, sanitized body), share
// and copy link, up to 3 related articles and a call to action; 'Article Not Found' otherwise.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SERVICE_FEE_TEXT } from '@/shared/fee-text';
import { ArrowLeft, CalendarDays, Clock, Eye, Link2, Share2, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'wouter';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { categoryName, formatPostDate, PostCard } from '@/client/features/blog/post-card';
import { track } from '@/client/lib/analytics';
import { isNotFound, useTRPC } from '@/client/lib/trpc';
import { formatCount } from '@/shared/format';

export default function BlogPostPage() {
  const trpc = useTRPC();
  const { slug = '' } = useParams<{ slug: string }>();
  const post = useQuery(trpc.blog.post.queryOptions({ slug }, { retry: false, retryOnMount: false }));
  const categories = useQuery(trpc.blog.categories.queryOptions());
  const queryClient = useQueryClient();
  const view = useMutation(trpc.blog.view.mutationOptions());
  const counted = useRef<number | null>(null);
  const id = post.data?.id;

  // Count the view once per page load, then show the new count.
  useEffect(() => {
    if (!id || counted.current === id) return;
    counted.current = id;
    track('blog_view', { slug });
    view.mutate({ postId: id }, { onSuccess: (r) => queryClient.setQueryData(trpc.blog.post.queryKey({ slug }), (old) => (old ? { ...old, viewCount: r.viewCount } : old)) });
  }, [id, slug, queryClient, trpc, view]);

  if (isNotFound(post.error)) return <ArticleNotFound />;
  if (!post.data) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-10 sm:px-6" role="status" aria-busy="true" aria-label="Loading article">
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="aspect-[1200/630] w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const p = post.data;
  const url = typeof window === 'undefined' ? '' : window.location.href;

  async function share() {
    track('blog_share', { slug: p.slug });
    try {
      if (navigator.share) await navigator.share({ title: p.title, text: p.excerpt, url: window.location.href });
      else await copy();
    } catch {
      // The share sheet was dismissed.
    }
  }
  async function copy() {
    track('blog_copy_link', { slug: p.slug });
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast({ title: 'Link copied', description: 'The article link is on your clipboard.', variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: url, variant: 'destructive' });
    }
  }

  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <Link href="/blog" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Blog
      </Link>
      <header className="mt-5 space-y-4">
        {p.category && (
          <Link href={`/blog/category/${p.category}`} className="text-sm font-semibold uppercase tracking-wide text-primary hover:underline">
            {categoryName(p.category, categories.data)}
          </Link>
        )}
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{p.title}</h1>
        <p className="text-lg text-muted-foreground">{p.excerpt}</p>
        <p className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <UserRound className="size-4" aria-hidden="true" />
            {p.authorName}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            <time dateTime={p.publishedAt ? new Date(p.publishedAt).toISOString() : undefined}>{formatPostDate(p.publishedAt)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock className="size-4" aria-hidden="true" />
            {`${p.readTime} min read`}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Eye className="size-4" aria-hidden="true" />
            {`${formatCount(p.viewCount)} views`}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void share()}>
            <Share2 className="size-4" aria-hidden="true" /> Share
          </Button>
          <Button variant="outline" size="sm" onClick={() => void copy()}>
            <Link2 className="size-4" aria-hidden="true" /> Copy link
          </Button>
        </div>
      </header>
      {p.featuredImage && <img src={p.featuredImage} alt="" width={1200} height={630} className="mt-8 aspect-[1200/630] w-full rounded-lg bg-muted object-cover" />}
      {/* The body was sanitized with an allow-list when it was saved. */}
      <div className="blog-prose mt-8" dangerouslySetInnerHTML={{ __html: p.content }} />
      {p.tags.length > 0 && (
        <ul className="mt-8 flex flex-wrap gap-2" aria-label="Tags">
          {p.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="outline">{tag}</Badge>
            </li>
          ))}
        </ul>
      )}

      <section className="mt-12 rounded-xl bg-primary px-6 py-8 text-primary-foreground">
        <h2 className="text-2xl font-bold">Find your parking in a minute</h2>
        <p className="mt-2 opacity-90">{`Compare every lot near your airport or cruise port by total price, with one flat ${SERVICE_FEE_TEXT} fee.`}</p>
        <Button asChild variant="secondary" size="lg" className="mt-5">
          <Link href="/">Search Parking</Link>
        </Button>
      </section>

      <Related postId={p.id} category={p.category ?? undefined} categories={categories.data} />
    </article>
  );
}

function Related({ postId, category, categories }: { postId: number; category?: string; categories?: { slug: string; name: string }[] }) {
  const trpc = useTRPC();
  const related = useQuery(trpc.blog.related.queryOptions({ postId, category }));
  if (!related.data?.length) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12">
      <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
        Related Articles
      </h2>
      <ul className="mt-5 grid gap-6 sm:grid-cols-3">
        {related.data.map((post) => (
          <li key={post.id}>
            <PostCard post={post} categories={categories} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ArticleNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Article Not Found</h1>
      <p className="mt-3 text-muted-foreground">The article you're looking for doesn't exist or has been moved.</p>
      <Button asChild className="mt-6">
        <Link href="/blog">Back to Blog</Link>
      </Button>
    </div>
  );
}
