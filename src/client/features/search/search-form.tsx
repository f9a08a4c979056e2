// Location and dates: the search form used on the home page and on location pages.
import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { LocationCombobox } from './location-combobox';
import { Label } from '@/client/components/ui/label';
import { earliestArrivalDay, PAST_ARRIVAL_MESSAGE } from '@/shared/search-options';

export interface SearchValues {
  location: string;
  arrivalDate: string;
  departureDate: string;
}

export function SearchForm({
  initial,
  onSearch,
  lockLocation = false,
  pending = false,
}: {
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
    // A picked suggestion searches by its code (`place`); typed text as it is.
    const typed = data.place || (data.location ?? '').trim();
    const values = { location: lockLocation ? initial.location : typed, arrivalDate: data.arrivalDate ?? '', departureDate: data.departureDate ?? '' };
    if (!values.location) return setError('Location is required');
    if (values.arrivalDate && values.arrivalDate < earliestArrivalDay()) return setError(PAST_ARRIVAL_MESSAGE);
    if (values.arrivalDate && values.departureDate && values.departureDate <= values.arrivalDate) {
      return setError('Departure date must be after arrival date');
    }
    setError(null);
    onSearch(values);
  }

  return (
    // Laid out by its own width (container queries), so it fits the home page's hero column and a full row alike.
    // Without JavaScript it is a plain GET form: to the home page's search address, or this page's for new dates.
    <form onSubmit={submit} noValidate action={lockLocation ? undefined : '/'} method="get" className="@container rounded-xl border border-border bg-background p-4 shadow-sm">
      <div className="grid grid-cols-2 gap-3 @lg:grid-cols-[1fr_1fr_auto] @lg:items-end @3xl:grid-cols-[2fr_1fr_1fr_auto]">
        {!lockLocation && (
          <div className="col-span-2 space-y-1.5 @lg:col-span-3 @3xl:col-span-1">
            <Label htmlFor={`${id}-location`}>Where are you parking?</Label>
            <LocationCombobox id={`${id}-location`} name="location" defaultValue={initial.location} placeholder="Airport, cruise port or city" />
          </div>
        )}
        <div className={lockLocation ? 'space-y-1.5 @3xl:col-span-2' : 'min-w-0 space-y-1.5'}>
          <Label htmlFor={`${id}-arrival`}>Arrival date</Label>
          <Input id={`${id}-arrival`} name="arrivalDate" type="date" defaultValue={initial.arrivalDate.slice(0, 10)} min={earliestArrivalDay()} suppressHydrationWarning />
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor={`${id}-departure`}>Departure date</Label>
          <Input id={`${id}-departure`} name="departureDate" type="date" defaultValue={initial.departureDate.slice(0, 10)} suppressHydrationWarning />
        </div>
        <Button type="submit" loading={pending} className="col-span-2 @lg:col-span-1 @lg:h-10">
          <Search className="size-4" aria-hidden="true" />
          {lockLocation ? 'Update' : 'Search'}
        </Button>
        {error && (
          <p role="alert" className="col-span-2 text-sm text-destructive @lg:col-span-3 @3xl:col-span-4">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
