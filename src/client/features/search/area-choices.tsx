// A search that named a state or region ('florida', 'southern california'): its airports and cruise ports to
// choose from, each a link to its own search with the same dates (the server never picks one silently).
import { Anchor, Plane } from 'lucide-react';
import { Link } from 'wouter';
import type { RouterOutputs } from '@/client/lib/trpc';

type Choices = NonNullable<RouterOutputs['search']['providers']['choices']>;

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function AreaChoices({ typed, choices, hrefFor }: { typed: string; choices: Choices; hrefFor: (code: string) => string }) {
  const airports = choices.places.filter((p) => p.kind === 'airport').length;
  const ports = choices.places.length - airports;
  const held = [airports && count(airports, 'airport'), ports && count(ports, 'cruise port')].filter(Boolean).join(' and ');
  return (
    <section aria-labelledby="area-choices-heading" className="space-y-4">
      <div>
        <h2 id="area-choices-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
          {`Which place in ${choices.area}?`}
        </h2>
        <p className="mt-1 text-muted-foreground">{`“${typed}” takes in ${held}. Choose one to compare its lots.`}</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {choices.places.map((p) => {
          const Icon = p.kind === 'airport' ? Plane : Anchor;
          return (
            <li key={p.code}>
              <Link
                href={hrefFor(p.code)}
                className="flex h-full items-center gap-3 rounded-lg border border-border bg-background p-4 shadow-sm transition hover:border-primary hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-secondary text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold leading-5">{p.name}</span>
                  <span className="text-sm text-muted-foreground">{`${p.kind === 'airport' ? p.code : 'Cruise port'} · ${p.city}, ${p.state}`}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
