// /guarantee: the parking guarantee, stated plainly. If a lot turns a traveller with a valid booking away, we
// move them to a nearby lot with space at no extra cost, or refund them in full; how and when to claim it.
import { ArrowRight, BadgeCheck, Clock, MapPin, RotateCcw, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { useConfig } from '@/client/lib/use-api';

const PROMISES = [
  {
    icon: MapPin,
    title: 'A space nearby, at no extra cost',
    body: 'We show the lots near yours with space for your dates. Pick one and your booking moves there at once. If it costs more, we pay the difference; if it costs less, we refund the difference.',
  },
  {
    icon: RotateCcw,
    title: 'Or your money back, in full',
    body: 'Rather not move, or nothing nearby has space? We refund everything you paid for the booking: the parking, the service fee and any credit you used.',
  },
  {
    icon: Clock,
    title: 'Claim it from the lot’s gate',
    body: 'From 2 hours before your arrival time until 24 hours after it (the lot’s local time), open your booking and tap “The lot turned me away”.',
  },
];

const STEPS = [
  'Open your booking from the confirmation e-mail’s link, or from your booking history when signed in.',
  'Tap “The lot turned me away”. We list the nearby lots with space for your dates, nearest first, with what you pay at each: never more than you already paid.',
  'Tap “Move here” for the lot you want. Your new parking pass appears on screen and arrives by e-mail; the old booking is closed.',
  'Prefer a refund? Tap “Refund me in full” instead. The money goes back to your card (and credit balance) in a few days.',
];

export default function GuaranteePage() {
  const { brandName, supportEmail, supportPhone } = useConfig();
  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <ShieldCheck className="mx-auto size-12 text-primary" aria-hidden="true" />
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">The {brandName} parking guarantee</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-muted-foreground text-pretty">
            If a lot turns you away with a valid booking, we move you to a nearby lot with space at no extra cost, or refund you in full.
          </p>
        </div>
      </section>

      <section aria-labelledby="promise-heading" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h2 id="promise-heading" className="sr-only">
          What we promise
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {PROMISES.map(({ icon: Icon, title, body }) => (
            <li key={title} className="rounded-lg border border-border bg-background p-5">
              <Icon className="size-6 text-primary" aria-hidden="true" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="claim-heading" className="bg-muted/50">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <h2 id="claim-heading" className="text-2xl font-bold tracking-tight">
            How to claim it
          </h2>
          <ol className="mt-6 space-y-4">
            {STEPS.map((step, i) => (
              <li key={step} className="flex gap-3">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">{i + 1}</span>
                <p className="pt-0.5 leading-7">{step}</p>
              </li>
            ))}
          </ol>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild>
              <Link href="/manage">
                Open my booking <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="terms-heading" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h2 id="terms-heading" className="flex items-center gap-2 text-xl font-bold tracking-tight">
          <BadgeCheck className="size-5 text-primary" aria-hidden="true" /> The small print, kept short
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 leading-7 text-muted-foreground">
          <li>The guarantee covers confirmed bookings that were not checked in at the gate.</li>
          <li>It can be claimed once per booking, from 2 hours before the arrival time until 24 hours after it.</li>
          <li>Your new booking keeps your dates and vehicle, and the new lot’s cancellation policy applies to it.</li>
          <li>{`Anything else, or trouble at the gate? Call us 24/7 at ${supportPhone} or write to ${supportEmail}.`}</li>
        </ul>
      </section>
    </>
  );
}
