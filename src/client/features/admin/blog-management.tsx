// The admin's Blog Management tab: the scheduler card (Running/Stopped, start/stop, reset topics), the
// generate-content card, Recent Blog Posts (last 3, polled every 30 s) and the preview dialog where a
// pending post is edited, given an image, and approved or rejected.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, ImageUp, Pencil, Play, RotateCcw, Sparkles, Square } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/toast';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { ADMIN_POLL_MS } from '@/shared/constants';

type RecentPost = RouterOutputs['adminBlog']['recent'][number];
type Draft = Pick<RecentPost, 'id' | 'title' | 'excerpt' | 'content' | 'featuredImage' | 'category'>;

const STATUS: Record<string, { label: string; className: string }> = {
  pending: { label: 'Pending Approval', className: 'border-warning/30 bg-warning/10 text-warning' },
  approved: { label: 'approved', className: 'border-success/30 bg-success/10 text-success' },
};
const dateTime = (d: Date | string | null) =>
  d ? new Date(d).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }) : '—';

export function BlogManagement() {
  const [preview, setPreview] = useState<Draft | null>(null);
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <SchedulerCard />
        <GenerateCard onGenerated={setPreview} />
      </div>
      <RecentPosts onReview={setPreview} />
      {preview && <PreviewDialog post={preview} onClose={() => setPreview(null)} />}
    </div>
  );
}

function SchedulerCard() {
  const trpc = useTRPC();
  const status = useQuery(trpc.adminBlog.schedule.queryOptions(undefined, { refetchInterval: ADMIN_POLL_MS }));
  const queryClient = useQueryClient();
  const start = useMutation(trpc.adminBlog.startSchedule.mutationOptions());
  const stop = useMutation(trpc.adminBlog.stopSchedule.mutationOptions());
  const reset = useMutation(trpc.adminBlog.resetTopics.mutationOptions());
  const run = async (action: typeof start | typeof stop | typeof reset, ok: string, fail: string) => {
    try {
      await action.mutateAsync();
      await queryClient.invalidateQueries(trpc.adminBlog.schedule.queryFilter());
      toast({ title: ok, variant: 'success' });
    } catch {
      toast({ title: fail, variant: 'destructive' });
    }
  };
  const s = status.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="flex items-center gap-2">
          <CalendarClock className="size-5 text-primary" aria-hidden="true" /> Blog Scheduler
        </CardTitle>
        <CardDescription>Writes a new article for review every 3 days.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!s ? (
          <Skeleton className="h-20 w-full" />
        ) : (
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <Badge variant="outline" className={s.isRunning ? 'border-success/30 bg-success/10 text-success' : ''}>
                  {s.isRunning ? 'Running' : 'Stopped'}
                </Badge>
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Topics used</dt>
              <dd className="font-semibold">{`${s.usedTopicsCount} of ${s.totalTopics}`}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-muted-foreground">Next post</dt>
              <dd className="font-semibold">{s.isRunning ? dateTime(s.nextScheduledRun) : 'Not scheduled'}</dd>
            </div>
          </dl>
        )}
        <div className="flex flex-wrap gap-2">
          {s?.isRunning ? (
            <Button variant="outline" loading={stop.isPending} onClick={() => void run(stop, 'Blog scheduler stopped', 'Failed to stop blog scheduler')}>
              <Square className="size-4" aria-hidden="true" /> Stop
            </Button>
          ) : (
            <Button loading={start.isPending} disabled={!s} onClick={() => void run(start, 'Blog scheduler started - new posts every 3 days', 'Failed to start blog scheduler')}>
              <Play className="size-4" aria-hidden="true" /> Start
            </Button>
          )}
          <Button variant="ghost" loading={reset.isPending} onClick={() => void run(reset, 'Topic cache reset successfully', 'Failed to reset topics')}>
            <RotateCcw className="size-4" aria-hidden="true" /> Reset Topics
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function GenerateCard({ onGenerated }: { onGenerated: (post: Draft) => void }) {
  const trpc = useTRPC();
  const generate = useMutation(trpc.adminBlog.generateNow.mutationOptions());
  const queryClient = useQueryClient();
  async function run() {
    try {
      const result = await generate.mutateAsync();
      await Promise.all([queryClient.invalidateQueries(trpc.adminBlog.recent.queryFilter()), queryClient.invalidateQueries(trpc.adminBlog.schedule.queryFilter())]);
      if (result.blogPost) {
        toast({ title: 'Blog Post Generated', description: 'Review and approve the new blog post' });
        onGenerated(result.blogPost);
      } else toast({ title: 'Blog post generated and published successfully', variant: 'success' });
    } catch (err) {
      toast({ title: 'Failed to generate blog post', description: (err as Error).message, variant: 'destructive' });
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="flex items-center gap-2">
          <Sparkles className="size-5 text-primary" aria-hidden="true" /> Generate Content
        </CardTitle>
        <CardDescription>Write the next article now from the catalogue (airport and cruise guides, money-saving and seasonal tips). It waits for your approval.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button loading={generate.isPending} onClick={() => void run()}>
          {generate.isPending ? 'Generating...' : 'Generate Now'}
        </Button>
      </CardContent>
    </Card>
  );
}

function RecentPosts({ onReview }: { onReview: (post: Draft) => void }) {
  const trpc = useTRPC();
  const recent = useQuery(trpc.adminBlog.recent.queryOptions(undefined, { refetchInterval: ADMIN_POLL_MS }));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Recent Blog Posts</CardTitle>
      </CardHeader>
      <CardContent>
        {!recent.data ? (
          <div className="space-y-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : recent.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No blog posts yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {recent.data.slice(0, 3).map((p) => {
              const status = STATUS[p.status] ?? { label: p.status || 'unknown', className: 'border-destructive/30 bg-destructive/10 text-destructive' };
              return (
                <li key={p.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
                  {p.featuredImage && <img src={p.featuredImage} alt="" width={96} height={50} className="h-12 w-24 shrink-0 rounded object-cover" />}
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{p.title}</p>
                    <p className="text-xs text-muted-foreground">{`${p.category ?? 'uncategorised'} · ${dateTime(p.createdAt)}`}</p>
                  </div>
                  <Badge variant="outline" className={status.className}>
                    {status.label}
                  </Badge>
                  {p.status === 'pending' && (
                    <Button size="sm" onClick={() => onReview(p)}>
                      Review
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PreviewDialog({ post, onClose }: { post: Draft; onClose: () => void }) {
  const trpc = useTRPC();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(post.title);
  const [excerpt, setExcerpt] = useState(post.excerpt ?? '');
  const [content, setContent] = useState(post.content);
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const queryClient = useQueryClient();
  const reject = useMutation(trpc.adminBlog.reject.mutationOptions());
  const imageUrl = image ? URL.createObjectURL(image) : post.featuredImage;

  async function approve() {
    setBusy('approve');
    const form = new FormData();
    if (editing) {
      form.set('title', title);
      form.set('excerpt', excerpt);
      form.set('content', content);
    }
    if (image) form.set('image', image);
    try {
      const res = await fetch(`/api/admin/blog/approve/${post.id}`, { method: 'POST', body: form, credentials: 'include' });
      if (!res.ok) throw new Error(((await res.json().catch(() => null)) as { error?: string } | null)?.error ?? 'Failed to approve blog post. Please try again.');
      await Promise.all([queryClient.invalidateQueries(trpc.adminBlog.recent.queryFilter()), queryClient.invalidateQueries(trpc.blog.pathFilter())]);
      toast({ title: 'Blog Post Approved', description: 'The blog post is now live on your website.', variant: 'success' });
      onClose();
    } catch (err) {
      toast({ title: 'Approval Failed', description: (err as Error).message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function doReject() {
    setBusy('reject');
    try {
      await reject.mutateAsync({ postId: post.id });
      await queryClient.invalidateQueries(trpc.adminBlog.recent.queryFilter());
      toast({ title: 'Blog Post Rejected', description: 'The blog post has been deleted.' });
      onClose();
    } catch {
      toast({ title: 'Rejection Failed', description: 'Failed to reject blog post. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-3xl">
        <DialogTitle>Blog Post Preview - Awaiting Approval</DialogTitle>
        <DialogDescription>Check the article, edit it if needed, then publish it or reject it.</DialogDescription>
        <div className="space-y-4">
          {imageUrl && <img src={imageUrl} alt="" className="aspect-[1200/630] w-full rounded-md bg-muted object-cover" />}
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor="post-image" className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm font-medium hover:bg-muted">
              <ImageUp className="size-4" aria-hidden="true" /> {image ? image.name : 'Upload featured image'}
            </Label>
            <input id="post-image" type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" onChange={(e) => setImage(e.target.files?.[0] ?? null)} />
            <Button variant="outline" size="sm" aria-pressed={editing} onClick={() => setEditing((v) => !v)}>
              <Pencil className="size-4" aria-hidden="true" /> {editing ? 'Stop editing' : 'Edit'}
            </Button>
          </div>
          {editing ? (
            <div className="space-y-3">
              <div className="space-y-1.5">
                <Label htmlFor="post-title">Title</Label>
                <Input id="post-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="post-excerpt">Excerpt</Label>
                <Textarea id="post-excerpt" value={excerpt} onChange={(e) => setExcerpt(e.target.value)} maxLength={500} rows={2} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="post-content">Content (HTML)</Label>
                <Textarea id="post-content" value={content} onChange={(e) => setContent(e.target.value)} rows={12} className="font-mono text-xs" />
              </div>
            </div>
          ) : (
            <article>
              <h3 className="text-2xl font-bold tracking-tight">{title}</h3>
              <p className="mt-2 text-muted-foreground">{excerpt}</p>
              {content === post.content ? (
                // Sanitized on the server when it was written.
                <div className="blog-prose mt-4" dangerouslySetInnerHTML={{ __html: post.content }} />
              ) : (
                // Edited HTML is only rendered once the server has sanitized it (on approval).
                <pre className="mt-4 whitespace-pre-wrap rounded-md bg-muted p-3 text-xs">{content}</pre>
              )}
            </article>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" className="text-destructive" loading={busy === 'reject'} disabled={busy !== null} onClick={() => void doReject()}>
            Reject
          </Button>
          <Button loading={busy === 'approve'} disabled={busy !== null} onClick={() => void approve()}>
            Approve &amp; Publish
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
