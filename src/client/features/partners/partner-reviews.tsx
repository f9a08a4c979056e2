// The partner portal's Reviews tab: the published reviews of the partner's lots, newest first. A partner replies
// publicly once per review (the reply shows under it on the lot page) and may flag a review for the
// administrator with a reason. Nothing here removes a review: the administrator alone decides.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flag, MessageSquareReply, MessageSquareText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/toast';
import { Stars, stayMonthText } from '@/client/features/reviews/stars';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { VERIFIED_STAY_TEXT } from '@/shared/ratings';
import { REVIEW_REASON_MAX, REVIEW_REPLY_MAX } from '@/shared/schemas/reviews';
import type { Membership } from './membership';

type Item = RouterOutputs['partnerReviews']['list']['reviews'][number];

export function PartnerReviews({ membership }: { membership: Membership }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.partnerReviews.list.queryOptions({ partnerId: membership.partnerId, page }));
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Reviews come only from travellers whose stay ended. Reply once, in public; flag a review for our team if it breaks the rules. Reviews are never removed by a partner.
      </p>
      {list.isError ? (
        <Card className="p-6 text-sm text-destructive">{list.error.message}</Card>
      ) : !list.data ? (
        <Skeleton className="h-40 w-full" role="status" aria-label="Loading reviews" />
      ) : list.data.reviews.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <MessageSquareText className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No reviews yet.</p>
        </Card>
      ) : (
        <ul className="space-y-3" aria-label="Reviews of your lots">
          {list.data.reviews.map((r) => (
            <li key={r.id}>
              <ReviewCard review={r} partnerId={membership.partnerId} />
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
    </div>
  );
}

function ReviewCard({ review: r, partnerId }: { review: Item; partnerId: number }) {
  const [open, setOpen] = useState<'reply' | 'flag' | null>(null);
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={r.overall} />
        <span className="font-medium">{r.authorName}</span>
        <span className="text-xs text-muted-foreground">{`${VERIFIED_STAY_TEXT} · ${stayMonthText(r.stayMonth)} · ${r.lotName}`}</span>
      </div>
      <p className="text-xs text-muted-foreground">{`Wait ${r.waitScore}/5 · As described ${r.describedScore}/5 · Staff ${r.staffScore}/5`}</p>
      {r.body && <p className="text-sm leading-6 break-words whitespace-pre-line">{r.body}</p>}
      {r.replyBody ? (
        <div className="rounded-lg border-l-2 border-primary bg-muted/60 p-3 text-sm">
          <p className="font-medium">Your reply</p>
          <p className="mt-1 break-words whitespace-pre-line text-muted-foreground">{r.replyBody}</p>
        </div>
      ) : null}
      {r.flaggedAt && <p className="text-sm text-muted-foreground">{`Flagged for our team: ${r.flagReason}`}</p>}
      {open ? (
        <ReplyOrFlag kind={open} id={r.id} partnerId={partnerId} onDone={() => setOpen(null)} />
      ) : (
        (!r.replyBody || !r.flaggedAt) && (
          <div className="flex flex-wrap gap-2">
            {!r.replyBody && (
              <Button size="sm" variant="outline" onClick={() => setOpen('reply')}>
                <MessageSquareReply className="size-4" aria-hidden="true" /> Reply
              </Button>
            )}
            {!r.flaggedAt && (
              <Button size="sm" variant="ghost" onClick={() => setOpen('flag')}>
                <Flag className="size-4" aria-hidden="true" /> Flag for review
              </Button>
            )}
          </div>
        )
      )}
    </Card>
  );
}

function ReplyOrFlag({ kind, id, partnerId, onDone }: { kind: 'reply' | 'flag'; id: number; partnerId: number; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reply = useMutation(trpc.partnerReviews.reply.mutationOptions());
  const flag = useMutation(trpc.partnerReviews.flag.mutationOptions());
  const [text, setText] = useState('');
  const action = kind === 'reply' ? reply : flag;
  const max = kind === 'reply' ? REVIEW_REPLY_MAX : REVIEW_REASON_MAX;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      if (kind === 'reply') await reply.mutateAsync({ id, partnerId, body: text });
      else await flag.mutateAsync({ id, partnerId, reason: text });
      toast({
        title: kind === 'reply' ? 'Reply published' : 'Review flagged',
        description: kind === 'reply' ? 'It shows under the review on the lot page.' : 'Our team will look at it.',
        variant: 'success',
      });
      await queryClient.invalidateQueries(trpc.partnerReviews.pathFilter());
      onDone();
    } catch {
      // The message shows below the field.
    }
  };
  const label = kind === 'reply' ? 'Your public reply (once per review)' : 'Why should our team look at it?';
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={`${kind}-${id}`} className="text-sm font-medium">
        {label}
      </label>
      <Textarea id={`${kind}-${id}`} value={text} maxLength={max} rows={3} onChange={(e) => setText(e.target.value)} />
      <p className="text-right text-xs text-muted-foreground">{`${text.length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`}</p>
      {action.error && <p className="text-sm text-destructive">{action.error.message}</p>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={action.isPending}>
          {kind === 'reply' ? 'Publish reply' : 'Flag review'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
