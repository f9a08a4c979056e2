// Finding a booking when its code will not scan: by plate (any spacing or case), last name or the phone's last
// four digits, among the lot's today's and current bookings. Choosing a result looks its pass up, as a scan would.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { UserSearch } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { ZGateSearchInput } from '@/shared/schemas/gate';
import { shortStay, standing, TONE_CLASSES } from './gate-format';
import { Plate } from './plate';

export function BookingSearch({ lotId, onPick }: { lotId: number; onPick: (confirmationNumber: string) => void }) {
  const trpc = useTRPC();
  const [value, setValue] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const found = useQuery(trpc.gate.search.queryOptions({ q: q ?? '', lotId }, { enabled: q !== null, staleTime: 0 }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZGateSearchInput.safeParse({ q: value, lotId });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Type a plate, a last name or the last 4 digits of the phone.');
      return;
    }
    setError(null);
    setQ(parsed.data.q);
  }

  return (
    <div className="space-y-3">
      <form onSubmit={submit} noValidate role="search" aria-label="Find a booking" className="space-y-1.5">
        <Label htmlFor="gate-search">Find a booking</Label>
        <div className="flex gap-2">
          <Input
            id="gate-search"
            name="q"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder="Plate, last name or phone"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'gate-search-error' : 'gate-search-hint'}
            className="h-12 text-base"
          />
          <Button type="submit" size="lg" variant="outline" className="h-12" loading={found.isFetching}>
            {!found.isFetching && <UserSearch className="size-4" aria-hidden="true" />} Find
          </Button>
        </div>
        {error ? (
          <p id="gate-search-error" className="text-sm text-destructive">
            {error}
          </p>
        ) : (
          <p id="gate-search-hint" className="text-xs text-muted-foreground">
            Today's and current bookings at this lot: plate, last name or the last 4 digits of the phone.
          </p>
        )}
      </form>
      {q !== null && <Results query={found} q={q} onPick={onPick} />}
    </div>
  );
}

type Found = UseQueryResult<RouterOutputs['gate']['search'], { message: string }>;

function Results({ query, q, onPick }: { query: Found; q: string; onPick: (cn: string) => void }) {
  if (query.isPending) {
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label="Finding bookings">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (query.isError) return <p className="text-sm text-destructive">{query.error.message}</p>;
  const { results, tooMany } = query.data;
  if (results.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground" role="status">
        {`No booking today or parked now matches “${q}”.`}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground" role="status">
        {tooMany ? `The first ${results.length} matches: type more to narrow them.` : `${results.length} ${results.length === 1 ? 'match' : 'matches'}`}
      </p>
      <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Bookings found">
        {results.map((b) => {
          const s = standing(b, b.checkedInLocal && !b.checkedOutLocal ? 'departures' : 'arrivals');
          return (
            <li key={b.id}>
              <button
                type="button"
                onClick={() => onPick(b.confirmationNumber)}
                className="grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-3 px-3 py-3 text-left text-sm hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-hidden"
              >
                <span className="min-w-0 space-y-0.5">
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="truncate font-medium">{`${b.firstName} ${b.lastName}`}</span>
                    {b.licensePlate && <Plate value={b.licensePlate} className="shrink-0 px-1 py-0 text-xs" />}
                  </span>
                  <span className="block text-muted-foreground">{`${shortStay(b.arrivalDate)} – ${shortStay(b.departureDate)}`}</span>
                  <span className="block truncate font-mono text-xs text-muted-foreground">{b.confirmationNumber}</span>
                </span>
                <Badge variant="outline" className={TONE_CLASSES[s.tone]}>
                  {s.label}
                </Badge>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
