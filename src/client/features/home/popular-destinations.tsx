// The six popular destination buttons of the signed-out home page.
import { Anchor, Plane } from 'lucide-react';
import { Link } from 'wouter';
import { POPULAR_DESTINATIONS } from '@/shared/constants';

export function PopularDestinations() {
  return (
    <section aria-labelledby="popular-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h2 id="popular-heading" className="text-2xl font-bold tracking-tight">
        Popular destinations
      </h2>
      <p className="mt-1 text-muted-foreground">Jump straight to lots near the places travellers book most.</p>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {POPULAR_DESTINATIONS.map((d) => {
          const port = d.code.endsWith('-PORT');
          const Icon = port ? Anchor : Plane;
          return (
            <li key={d.code}>
              <Link
                href={`/?location=${encodeURIComponent(d.code)}`}
                className="flex h-full items-center gap-2 rounded-lg border border-border bg-background p-3 text-left shadow-sm transition hover:border-primary hover:shadow-md sm:gap-3 sm:p-4"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-secondary text-primary sm:size-10">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {/* Long names ('Miami International') break rather than run out of the card on phones. */}
                <span className="min-w-0 break-words">
                  <span className="block text-sm font-semibold leading-5">{d.label}</span>
                  <span className="text-xs text-muted-foreground">{port ? 'Cruise port' : d.code}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
