// Sort and amenity filters of a results list, kept in the address (?sort=distance&amenities=valet,ev) so a
// search is a link: the location pages and the home results use the same controls.
import { NativeSelect } from '@/client/components/ui/select';
import { Label } from '@/client/components/ui/label';
import { AMENITY_FILTERS, type TAmenityFilter } from '@/shared/search-options';

export function ResultsControls({ params, update }: { params: URLSearchParams; update: (changes: Record<string, string | null>) => void }) {
  const amenities = (params.get('amenities') ?? '').split(',').filter(Boolean);
  const toggle = (key: string) => update({ amenities: (amenities.includes(key) ? amenities.filter((a) => a !== key) : [...amenities, key]).join(',') || null });
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
      <div className="space-y-1.5">
        <Label htmlFor="sort">Sort by</Label>
        <NativeSelect id="sort" value={params.get('sort') ?? 'price'} onChange={(e) => update({ sort: e.target.value === 'price' ? null : e.target.value })}>
          <option value="price">Total price</option>
          <option value="distance">Distance</option>
          <option value="rating">Rating</option>
        </NativeSelect>
      </div>
      {/* The chips wrap on phones too: a row that scrolled sideways hid its last filters without a sign. */}
      <fieldset className="flex min-w-0 flex-wrap gap-2">
        <legend className="mb-1.5 text-sm font-medium">Must have</legend>
        {(Object.entries(AMENITY_FILTERS) as [TAmenityFilter, string][]).map(([key, label]) => (
          <button
            key={key}
            type="button"
            aria-pressed={amenities.includes(key)}
            onClick={() => toggle(key)}
            className="shrink-0 rounded-full border border-border px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors hover:bg-muted aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
          >
            {label}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
