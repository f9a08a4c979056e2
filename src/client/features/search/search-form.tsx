// Location and dates: the search form used on the home page and on location pages.
import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { earliestArrivalDay, PAST_ARRIVAL_MESSAGE } from '@/shared/schemas/search';

export interface SearchValues {
  location: string;
  arrivalDate: string;
  departureDate: string;
}

export function SearchForm({ initial, onSearch, lockLocation = false, pending = false }: {
  initial: SearchValues;
  onSearch: (values: SearchValues) => void;
  /** On a location page the place is fixed; only the dates change. */
  lockLocation?: boolean;
  pending?: boolean;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const values = { location: lockLocation ? initial.location : (data.location ?? '').trim(), arrivalDate: data.arrivalDate ?? '', departureDate: data.departureDate ?? '' };
    if (!values.location) return setError('Location is required');
    if (values.arrivalDate && values.arrivalDate < earliestArrivalDay()) return setError(PAST_ARRIVAL_MESSAGE);
    if (values.arrivalDate && values.departureDate && values.departureDate <= values.arrivalDate) {
      return setError('Departure date must be after arrival date');
    }
    setError(null);
    onSearch(values);
  }

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-2 gap-3 rounded-xl border border-border bg-background p-4 shadow-sm sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
      {!lockLocation && (
        <div className="col-span-2 space-y-1.5 sm:col-span-1">
          <Label htmlFor={`${id}-location`}>Where are you parking?</Label>
          <Input id={`${id}-location`} name="location" defaultValue={initial.location} placeholder="LAX Airport, Miami Cruise Port..." autoComplete="off" />
        </div>
      )}
      <div className={lockLocation ? 'space-y-1.5 sm:col-span-2' : 'min-w-0 space-y-1.5'}>
        <Label htmlFor={`${id}-arrival`}>Arrival date</Label>
        <Input id={`${id}-arrival`} name="arrivalDate" type="date" defaultValue={initial.arrivalDate.slice(0, 10)} min={earliestArrivalDay()} suppressHydrationWarning />
      </div>
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor={`${id}-departure`}>Departure date</Label>
        <Input id={`${id}-departure`} name="departureDate" type="date" defaultValue={initial.departureDate.slice(0, 10)} />
      </div>
      <Button type="submit" loading={pending} className="col-span-2 sm:col-span-1 sm:h-10">
        <Search className="size-4" aria-hidden="true" />
        {lockLocation ? 'Update' : 'Search'}
      </Button>
      {error && (
        <p role="alert" className="col-span-2 text-sm text-destructive sm:col-span-4">
          {error}
        </p>
      )}
    </form>
  );
}
