// The back office's Reviews tab: the moderation queue. Reviews held for a link, an e-mail address, a phone number
// or a blocked word wait here (approve, or reject with a reason the author sees on their booking); reviews a
// partner flagged are here too (keep it, which clears the flag, or reject it). Published and rejected for the record.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Flag, MessageSquareText, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/toast';
import { Stars, stayMonthText } from '@/client/features/reviews/stars';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { REVIEW_REASON_MAX } from '@/shared/schemas/reviews';
import { adminDate } from './stat';

type Status = 'pending' | 'flagged' | 'published' | 'rejected';
type Item = RouterOutputs['adminReviews']['list']['reviews'][number];
const VIEWS: { id: Status; label: string }[] = [
  { id: 'pending', label: 'Waiting' },
  { id: 'flagged', label: 'Flagged by partners' },
  { id: 'published', label: 'Published' },
  { id: 'rejected', label: 'Rejected' },
];

export function ReviewsTab() {
  const trpc = useTRPC();
  const [status, setStatus] = useState<Status>('pending');
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.adminReviews.list.queryOptions({ status, page }));
  const [rejecting, setRejecting] = useState<Item | null>(null);
  const counts = list.data?.counts;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">Reviews</h2>
        <p className="text-sm text-muted-foreground">Verified-stay reviews that wait for a decision, and those partners flagged. Everything else publishes at once.</p>
      </div>
      <div role="group" aria-label="Which reviews" className="flex flex-wrap gap-2">
        {VIEWS.map((v) => {
          const n = v.id === 'pending' ? counts?.pending : v.id === 'flagged' ? counts?.flagged : undefined;
          return (
            <Button
              key={v.id}
              size="sm"
              variant={status === v.id ? 'default' : 'outline'}
              aria-pressed={status === v.id}
              onClick={() => {
                setStatus(v.id);
                setPage(1);
              }}
            >
              {v.label}
              {n ? <span className="ml-1 rounded-full bg-background/20 px-1.5 text-xs tabular-nums">{n}</span> : null}
            </Button>
          );
        })}
      </div>
      {list.isError ? (
        <Card className="p-6 text-sm text-destructive">{list.error.message}</Card>
      ) : !list.data ? (
        <div className="space-y-2" role="status" aria-label="Loading reviews">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      ) : list.data.reviews.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <MessageSquareText className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">{status === 'pending' ? 'No review is waiting.' : status === 'flagged' ? 'No review is flagged.' : 'None yet.'}</p>
        </Card>
      ) : (
        <ul className="space-y-3" aria-label="Reviews">
          {list.data.reviews.map((r) => (
            <li key={r.id}>
              <ReviewCard review={r} onReject={() => setRejecting(r)} />
            </li>
          ))}
        </ul>
      )}
      {list.data && (page > 1 || list.data.hasMore) && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <Button variant="outline" size="sm" disabled={!list.data.hasMore} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </div>
      )}
      <RejectDialog review={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}

function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.adminReviews.pathFilter());
}

function ReviewCard({ review: r, onReject }: { review: Item; onReject: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const approve = useMutation(trpc.adminReviews.approve.mutationOptions());
  const flagged = r.status === 'published' && r.flaggedAt;
  const decide = async () => {
    try {
      await approve.mutateAsync({ id: r.id });
      toast({ title: flagged ? 'Review kept' : 'Review published', description: `${r.authorName}'s review of ${r.lot.name}.`, variant: 'success' });
      await refresh();
    } catch (err) {
      toast({ title: 'Something went wrong', description: (err as Error).message, variant: 'destructive' });
    }
  };
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">
            <a href={`/provider/${r.lot.slug}#reviews`} className="hover:underline">
              {r.lot.name}
            </a>
          </p>
          <p className="text-xs text-muted-foreground">{`${r.authorName} · stayed ${stayMonthText(r.stayMonth)} · ${r.confirmationNumber} · written ${adminDate(r.createdAt)}`}</p>
        </div>
        {r.status === 'pending' && r.heldFor && <Badge variant="outline" className="border-warning/40 bg-warning/10">{`Holds ${r.heldFor}`}</Badge>}
        {flagged && (
          <Badge variant="outline" className="border-destructive/30 bg-destructive/5 text-destructive">
            <Flag className="mr-1 size-3" aria-hidden="true" /> Flagged
          </Badge>
        )}
        {r.status === 'rejected' && <Badge variant="secondary">Rejected</Badge>}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Stars value={r.overall} />
        <span className="text-xs text-muted-foreground">{`Wait ${r.waitScore}/5 · As described ${r.describedScore}/5 · Staff ${r.staffScore}/5`}</span>
      </div>
      {r.body ? <p className="text-sm leading-6 break-words whitespace-pre-line">{r.body}</p> : <p className="text-sm text-muted-foreground italic">No text.</p>}
      {flagged && <p className="rounded-md bg-destructive/5 p-3 text-sm">{`The partner says: ${r.flagReason}`}</p>}
      {r.replyBody && <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">{`Partner's reply: ${r.replyBody}`}</p>}
      {r.status === 'rejected' && r.rejectReason && <p className="text-sm text-muted-foreground">{`Reason given: ${r.rejectReason}`}</p>}
      {(r.status === 'pending' || flagged) && (
        <div className="flex flex-wrap gap-2 pt-1">
          <Button size="sm" onClick={decide} loading={approve.isPending}>
            <Check className="size-4" aria-hidden="true" /> {flagged ? 'Keep it' : 'Approve'}
          </Button>
          <Button size="sm" variant="outline" className="text-destructive" onClick={onReject}>
            <X className="size-4" aria-hidden="true" /> Reject
          </Button>
        </div>
      )}
    </Card>
  );
}

function RejectDialog({ review, onClose }: { review: Item | null; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const reject = useMutation(trpc.adminReviews.reject.mutationOptions());
  const [reason, setReason] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!review) return;
    try {
      await reject.mutateAsync({ id: review.id, reason });
      toast({ title: 'Review rejected', description: 'The author sees your reason on their booking.', variant: 'success' });
      setReason('');
      onClose();
      await refresh();
    } catch {
      // The message shows in the dialog.
    }
  };
  return (
    <Dialog open={Boolean(review)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="space-y-4">
          <DialogHeader>
            <DialogTitle>Reject this review</DialogTitle>
            <DialogDescription>{review ? `${review.authorName}'s review of ${review.lot.name}. The author sees this reason on their booking.` : ''}</DialogDescription>
          </DialogHeader>
          <label htmlFor="reject-reason" className="text-sm font-medium">
            Reason
          </label>
          <Textarea
            id="reject-reason"
            value={reason}
            maxLength={REVIEW_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Reviews cannot carry contact details."
          />
          {reject.error && <p className={cn('text-sm text-destructive')}>{reject.error.message}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" loading={reject.isPending}>
              Reject review
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
