// /review: reviewing a finished stay. Opened by the e-mail's single-use link (?token=), or through the booking
// (?booking=PP-…, signed in as its owner or with its manage link's token) to write or, for 7 days, edit it.
// The server decides access and tells, in words, why a link does not open (used, expired, not valid).
import { useMutation, useQuery } from '@tanstack/react-query';
import { BadgeCheck, CheckCircle2, Clock, MessageSquareWarning } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Textarea } from '@/client/components/ui/textarea';
import { StarInput } from '@/client/features/reviews/star-input';
import { stayMonthText } from '@/client/features/reviews/stars';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { formatStay } from '@/shared/format';
import { VERIFIED_STAY_TEXT } from '@/shared/ratings';
import { REVIEW_BODY_MAX, REVIEW_EDIT_DAYS, REVIEW_SCORES, ZReviewFields } from '@/shared/schemas/reviews';

type Form = RouterOutputs['reviews']['form'];
type Written = RouterOutputs['reviews']['submit'];

export default function ReviewPage() {
  const trpc = useTRPC();
  const params = new URLSearchParams(useSearch());
  const ref = { token: params.get('token') ?? undefined, confirmationNumber: params.get('booking') ?? undefined };
  const form = useQuery(trpc.reviews.form.queryOptions(ref, { retry: false, retryOnMount: false, refetchOnWindowFocus: false, staleTime: Infinity }));
  const [written, setWritten] = useState<{ review: Written; edited: boolean } | null>(null);

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      {written && form.data ? (
        <Done form={form.data} written={written.review} edited={written.edited} ref_={ref} />
      ) : form.data ? (
        <ReviewForm form={form.data} ref_={ref} onDone={(review, edited) => setWritten({ review, edited })} />
      ) : form.error ? (
        <Problem message={form.error.message} />
      ) : (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading">
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-96 w-full" />
        </div>
      )}
    </div>
  );
}

type Ref = { token?: string; confirmationNumber?: string };

function Problem({ message }: { message: string }) {
  return (
    <div className="text-center">
      <MessageSquareWarning className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">We couldn&apos;t open this review</h1>
      <p role="alert" className="mx-auto mt-3 max-w-md text-muted-foreground">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/?view=history">Your bookings</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/manage">Find a booking</Link>
        </Button>
      </div>
    </div>
  );
}

function StayHeader({ form }: { form: Form }) {
  return (
    <div>
      <p className="text-sm font-medium text-muted-foreground">{`Booking ${form.stay.confirmationNumber}`}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{`How was ${form.stay.lotName}?`}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{`${formatStay(form.stay.arrival)} – ${formatStay(form.stay.departure)}`}</p>
    </div>
  );
}

function ReviewForm({ form, ref_, onDone }: { form: Form; ref_: Ref; onDone: (r: Written, edited: boolean) => void }) {
  const trpc = useTRPC();
  const existing = form.review;
  const [values, setValues] = useState({
    overall: existing?.overall ?? 0,
    waitScore: existing?.waitScore ?? 0,
    describedScore: existing?.describedScore ?? 0,
    staffScore: existing?.staffScore ?? 0,
  });
  const [body, setBody] = useState(existing?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useMutation(trpc.reviews.submit.mutationOptions());
  const update = useMutation(trpc.reviews.update.mutationOptions());
  const pending = submit.isPending || update.isPending;
  const serverError = (submit.error ?? update.error)?.message;
  const editing = Boolean(existing);
  const locked = existing && !existing.editable;

  /** A star picked answers that field's complaint. */
  const pick = (key: keyof typeof values, v: number) => {
    setValues((x) => ({ ...x, [key]: v }));
    setErrors(({ [key]: _answered, ...rest }) => rest);
  };

  async function send(event: FormEvent) {
    event.preventDefault();
    const parsed = ZReviewFields.safeParse({ ...values, body });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    const input = { ...ref_, ...parsed.data };
    const review = editing ? await update.mutateAsync(input).catch(() => null) : await submit.mutateAsync(input).catch(() => null);
    if (review) onDone(review, editing);
  }

  return (
    <form onSubmit={send} noValidate className="space-y-6">
      <StayHeader form={form} />
      {existing?.status === 'rejected' && (
        <p role="status" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
          {`Your review was not published: ${existing.rejectReason ?? ''}`}
          {existing.editable && ' You can change it below and send it again.'}
        </p>
      )}
      {existing?.status === 'pending' && (
        <p role="status" className="rounded-md border border-warning/30 bg-warning/10 p-3 text-sm">
          Your review is waiting for our team to check it.
        </p>
      )}
      <Card>
        <CardContent className="space-y-6 p-5 sm:p-6">
          <StarInput name="overall" label="Your stay overall" value={values.overall} onChange={(v) => pick('overall', v)} error={errors.overall} large />
          <div className="grid gap-5 border-t border-border pt-5 sm:grid-cols-1">
            {REVIEW_SCORES.map((s) => (
              <StarInput key={s.key} name={s.key} label={s.label} value={values[s.key]} onChange={(v) => pick(s.key, v)} error={errors[s.key]} />
            ))}
          </div>
          <div className="space-y-1.5 border-t border-border pt-5">
            <label htmlFor="review-body" className="text-sm font-medium">
              Tell other travellers about it <span className="font-normal text-muted-foreground">(optional)</span>
            </label>
            <Textarea
              id="review-body"
              name="body"
              rows={6}
              value={body}
              maxLength={REVIEW_BODY_MAX}
              onChange={(e) => setBody(e.target.value)}
              placeholder="The shuttle, the wait, finding the lot, your car when you came back…"
              aria-invalid={Boolean(errors.body)}
              aria-describedby="review-body-count review-body-help"
            />
            <div className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
              <span id="review-body-help">Links, e-mail addresses and phone numbers are checked by our team before the review shows.</span>
              <span id="review-body-count" aria-live="polite" className={body.length > REVIEW_BODY_MAX - 100 ? 'font-medium text-warning' : undefined}>
                {`${body.length.toLocaleString('en-US')} / ${REVIEW_BODY_MAX.toLocaleString('en-US')}`}
              </span>
            </div>
            {errors.body && <p className="text-sm text-destructive">{errors.body}</p>}
          </div>
        </CardContent>
      </Card>
      <div className="flex items-start gap-2 rounded-lg bg-muted/60 p-3 text-sm text-muted-foreground">
        <BadgeCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        <p>
          {`Shown as ${form.stay.authorName}, stayed ${stayMonthText(form.stay.stayMonth)}, with a "${VERIFIED_STAY_TEXT}" badge. `}
          {editing
            ? `You can change it until ${new Date(existing!.editableUntil).toLocaleDateString('en-US', { month: 'long', day: 'numeric' })}.`
            : `You can edit it for ${REVIEW_EDIT_DAYS} days from your booking.`}
        </p>
      </div>
      {serverError && (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
          {serverError}
        </p>
      )}
      {locked ? (
        <p className="text-sm text-muted-foreground">{`Reviews can be edited for ${REVIEW_EDIT_DAYS} days after they are written, and this one can no longer be changed.`}</p>
      ) : (
        <Button type="submit" size="lg" className="w-full sm:w-auto" loading={pending}>
          {editing ? 'Save changes' : 'Submit review'}
        </Button>
      )}
    </form>
  );
}

function Done({ form, written, edited, ref_ }: { form: Form; written: Written; edited: boolean; ref_: Ref }) {
  const published = written.status === 'published';
  const Icon = published ? CheckCircle2 : Clock;
  return (
    <div className="text-center">
      <Icon className={`mx-auto size-12 ${published ? 'text-success' : 'text-warning'}`} aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{edited ? 'Your review is updated' : 'Thanks for your review'}</h1>
      <p className="mx-auto mt-3 max-w-md text-muted-foreground">
        {published
          ? `It is live on the ${form.stay.lotName} page, with your verified stay.`
          : `It contains ${written.heldFor ?? 'something our team checks'}, so it will appear once our team has checked it. We'll show the outcome on your booking.`}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={`/provider/${form.stay.lotSlug}#reviews`}>See the lot page</Link>
        </Button>
        {ref_.confirmationNumber && (
          <Button asChild variant="outline">
            <Link href={`/manage/${ref_.confirmationNumber}${ref_.token ? `?token=${ref_.token}` : ''}`}>Back to your booking</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
