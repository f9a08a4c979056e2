// "Review your stay" where a traveller looks at a finished booking (the manage page, the booking history), or the
// review they wrote: published, waiting for moderation, or rejected with the administrator's reason, and a link
// to edit it while the 7 days last. The review page checks access again on the server.
import { MessageSquareText } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import type { RouterOutputs } from '@/client/lib/trpc';
import { Stars } from './stars';

type TAuthorReview = NonNullable<RouterOutputs['bookings']['manage']['review']>;

/** The review page for a booking (its owner signed in, or its manage link's token). */
export const reviewHref = (confirmationNumber: string, token?: string) => `/review?${new URLSearchParams({ booking: confirmationNumber, ...(token ? { token } : {}) })}`;

export function ReviewPrompt({
  confirmationNumber,
  token,
  review,
  reviewable,
  compact,
}: {
  confirmationNumber: string;
  token?: string;
  review: TAuthorReview | null;
  reviewable: boolean;
  compact?: boolean;
}) {
  if (!review && !reviewable) return null;
  const href = reviewHref(confirmationNumber, token);
  if (!review) {
    return (
      <div className={compact ? 'flex flex-wrap items-center justify-between gap-2' : 'space-y-3'}>
        {compact ? (
          <p className="text-sm font-medium">How was your stay?</p>
        ) : (
          <>
            <h2 className="flex items-center gap-2 font-semibold">
              <MessageSquareText className="size-4 text-primary" aria-hidden="true" /> How was your stay?
            </h2>
            <p className="text-sm text-muted-foreground">Rate the lot, the wait and the staff. Your review helps other travellers choose.</p>
          </>
        )}
        <Button asChild size={compact ? 'sm' : 'default'} className={compact ? undefined : 'w-full'}>
          <Link href={href}>Review your stay</Link>
        </Button>
      </div>
    );
  }
  const state =
    review.status === 'published'
      ? 'Your review is published on the lot page.'
      : review.status === 'pending'
        ? `Your review is waiting for our team to check it${review.heldFor ? ` (it contains ${review.heldFor})` : ''}.`
        : `Your review was not published: ${review.rejectReason ?? 'it did not meet our guidelines.'}`;
  return (
    <div className="space-y-2 text-sm">
      {!compact && <h2 className="text-base font-semibold">Your review</h2>}
      <p className="flex flex-wrap items-center gap-2">
        <Stars value={review.overall} />
        <span className={review.status === 'rejected' ? 'text-destructive' : 'text-muted-foreground'}>{state}</span>
      </p>
      {review.editable && (
        <Link href={href} className="inline-block font-medium text-primary underline-offset-4 hover:underline">
          Edit your review
        </Link>
      )}
    </div>
  );
}
