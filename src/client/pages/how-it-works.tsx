// /how-it-works: the four-step process, benefits, a sample chat, the pricing explainer and a call to action.
import { ACCESS_FEE_TEXT, SERVICE_FEE_TEXT } from '@/shared/pricing';
import { GATING_SEARCH_LIMIT, GATING_TIME_MS } from '@/shared/constants';
import { ArrowRight, BadgeCheck, Bus, Clock, Headphones, Receipt, ShieldCheck, Wallet } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { useConfig } from '@/client/lib/use-api';
import { formatCents, toCents } from '@/shared/money';
import { priceStay } from '@/shared/pricing';

const PROCESS = [
  { title: 'Tell the assistant where you’re going', body: 'Type an airport code, a cruise port or a city, and your dates. Plain words work: “MCO next Friday for 3 days”.' },
  { title: 'It searches every provider nearby', body: 'We check the lots around your terminal and line them up by total price, distance and shuttle.' },
  { title: 'Choose your spot', body: 'Open any lot for photos, shuttle times, hours, vehicle types and the cancellation policy before you commit.' },
  { title: 'Book and pay securely', body: 'Pay by card in one step. Your confirmation number and parking pass arrive by e-mail straight away.' },
];

const BENEFITS = [
  { title: 'Honest total prices', body: `The lot’s rate plus one flat ${SERVICE_FEE_TEXT} fee. No resort fees, no surprise taxes at checkout.`, icon: Receipt },
  { title: 'Every lot side by side', body: 'Off-site lots usually cost less than terminal garages; we line up every lot we list by its total for your dates.', icon: Wallet },
  { title: 'Shuttles that run', body: 'See how often each shuttle runs and when, so you can plan the ride to your gate.', icon: Bus },
  { title: 'Secure, vetted lots', body: 'Gated lots, cameras and attendants are listed for every provider so you know where your car stays.', icon: ShieldCheck },
  {
    title: 'Flexible plans',
    body: 'Cancel up to 24 hours before arrival and the parking fee comes back; some lots allow later. Each policy is shown before you book.',
    icon: Clock,
  },
  { title: 'Support around the clock', body: 'Questions about a booking, a refund or a receipt? Our team answers 24/7.', icon: Headphones },
];

export default function HowItWorksPage() {
  const { brandName } = useConfig();
  const example = priceStay({ dailyPrice: toCents(89.95), days: 1 });
  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{`How ${brandName} Works`}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-muted-foreground">
            From “where do I park?” to a confirmed spot in four steps, with the full price shown before you pay.
          </p>
        </div>
      </section>

      <section aria-labelledby="process-heading" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="process-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Four steps to a parking spot
        </h2>
        <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PROCESS.map((step, i) => (
            <li key={step.title} className="rounded-lg border border-border bg-background p-5">
              <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">{i + 1}</span>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="benefits-heading" className="bg-muted/50">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="benefits-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Why travellers book with us
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {BENEFITS.map(({ title, body, icon: Icon }) => (
              <li key={title} className="rounded-lg border border-border bg-background p-5">
                <Icon className="size-6 text-primary" aria-hidden="true" />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-muted-foreground">{body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2">
        <section aria-labelledby="chat-heading">
          <h2 id="chat-heading" className="text-2xl font-bold tracking-tight">
            Ask like you’d ask a friend
          </h2>
          <div className="mt-6 space-y-3 rounded-xl border border-border bg-background p-5 shadow-sm">
            <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2.5 text-sm text-primary-foreground">
              I need parking at MCO from March 3 to March 7
            </p>
            <p className="w-fit max-w-[85%] rounded-2xl rounded-bl-sm bg-muted px-4 py-2.5 text-sm">
              I found lots near Orlando International for March 3–7. The closest is under a mile from the terminal with a shuttle every 10 minutes. Want me to sort them by total
              price?
            </p>
            <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2.5 text-sm text-primary-foreground">Yes, cheapest first please</p>
          </div>
        </section>
        <section aria-labelledby="pricing-heading">
          <h2 id="pricing-heading" className="text-2xl font-bold tracking-tight">
            Pricing, explained
          </h2>
          <p className="mt-3 leading-7 text-muted-foreground">
            You pay the parking operator’s rate for your days plus one flat service fee per booking, never a percentage on top.
          </p>
          <dl className="mt-6 divide-y divide-border rounded-xl border border-border bg-background text-sm shadow-sm">
            <div className="flex justify-between p-4">
              <dt>Parking, 1 day</dt>
              <dd className="font-medium">{formatCents(example.subtotal)}</dd>
            </div>
            <div className="flex justify-between p-4">
              <dt>Service fee</dt>
              <dd className="font-medium">{formatCents(example.serviceFee)}</dd>
            </div>
            <div className="flex justify-between p-4 text-base font-semibold">
              <dt>Total</dt>
              <dd>{formatCents(example.total)}</dd>
            </div>
          </dl>
          <p className="mt-3 flex items-start gap-2 text-sm text-muted-foreground">
            <BadgeCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            {`Prices are always free to compare. After your first ${GATING_SEARCH_LIMIT} searches or ${GATING_TIME_MS / 60_000} minutes, a lot's distance, shuttle, amenities and contacts unlock for a one-time ${ACCESS_FEE_TEXT} per airport or port, credited back when you book a lot there.`}
          </p>
        </section>
      </div>

      <section className="border-t border-border bg-primary text-primary-foreground">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-5 px-4 py-12 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div>
            <h2 className="text-2xl font-bold tracking-tight">Ready to park for less?</h2>
            <p className="mt-1 text-primary-foreground/85">Compare lots near your airport or cruise port in seconds.</p>
          </div>
          <Button asChild size="lg" variant="accent">
            <Link href="/">
              Start Searching Now <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}
