// Add or edit an airport or cruise port (a dialog of the Locations tab). Checked with the server's schema as
// typed; the page addresses are shown as the server will make them (kept when the place is edited).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/select';
import { toast } from '@/client/components/ui/toast';
import { useTRPC } from '@/client/lib/trpc';
import { REGIONS } from '@/shared/constants';
import { placeSlugs, ZLocationInput } from '@/shared/schemas/catalogue-admin';
import { US_STATES } from '@/shared/us-states';
import { fieldControl, Field, fieldErrors, type FieldErrors } from './form-field';
import type { Place } from './lot-form';

const FIELDS = ['code', 'name', 'shortName', 'city', 'state', 'region', 'latitude', 'longitude', 'aliases'] as const;
type Draft = Record<(typeof FIELDS)[number], string> & { kind: 'airport' | 'cruise_port' };

const draftOf = (p: Place | null): Draft =>
  p
    ? {
        kind: p.kind,
        code: p.code,
        name: p.name,
        shortName: p.shortName,
        city: p.city,
        state: p.state,
        region: p.region,
        latitude: String(p.latitude),
        longitude: String(p.longitude),
        aliases: p.aliases.join(', '),
      }
    : { kind: 'airport', code: '', name: '', shortName: '', city: '', state: '', region: '', latitude: '', longitude: '', aliases: '' };

export function LocationDialog({ place, open, onOpenChange }: { place: Place | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{place ? `Edit ${place.name}` : 'New airport or cruise port'}</DialogTitle>
          <DialogDescription>
            {place
              ? 'Moving a place re-measures the distance of each of its lots; renaming it renames it on their pages.'
              : 'The place gets its landing page and appears in search at once; add its lots in the Lots tab.'}
          </DialogDescription>
        </DialogHeader>
        {open && <LocationForm key={place?.id ?? 'new'} place={place} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function LocationForm({ place, onDone }: { place: Place | null; onDone: () => void }) {
  const trpc = useTRPC();
  const id = useId();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.adminCatalogue.createLocation.mutationOptions());
  const update = useMutation(trpc.adminCatalogue.updateLocation.mutationOptions());
  const [draft, setDraft] = useState(() => draftOf(place));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));
  const input = () => ({
    ...draft,
    aliases: draft.aliases
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  });
  const parsed = ZLocationInput.safeParse(input());
  const slugs = place ? { slug: place.slug, seoSlug: place.seoSlug } : parsed.success ? placeSlugs(parsed.data) : null;
  const saving = create.isPending || update.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = ZLocationInput.safeParse(input());
    if (!checked.success) {
      const found = fieldErrors(checked) ?? {};
      setErrors(found);
      document.getElementById(`${id}-${FIELDS.find((f) => found[f]) ?? 'kind'}`)?.focus();
      return;
    }
    setErrors({});
    try {
      const saved = place ? await update.mutateAsync({ id: place.id, ...checked.data }) : await create.mutateAsync(checked.data);
      await Promise.all([
        queryClient.invalidateQueries(trpc.adminCatalogue.pathFilter()),
        queryClient.invalidateQueries(trpc.search.pathFilter()),
        queryClient.invalidateQueries(trpc.catalogue.pathFilter()),
      ]);
      toast({ title: place ? 'Place saved' : 'Place added', description: `${saved.name} (${saved.code})`, variant: 'success' });
      onDone();
    } catch (err) {
      const message = (err as Error).message;
      setErrors({ [/code/i.test(message) ? 'code' : /coordinates|latitude|longitude/i.test(message) ? 'latitude' : 'form']: message });
    }
  }

  const text = (field: (typeof FIELDS)[number], label: string, extra: { placeholder?: string; inputMode?: 'decimal'; hint?: string; className?: string } = {}) => (
    <Field id={`${id}-${field}`} label={label} error={errors[field]} hint={extra.hint} className={extra.className}>
      <Input
        {...fieldControl(`${id}-${field}`, errors[field], Boolean(extra.hint))}
        inputMode={extra.inputMode}
        placeholder={extra.placeholder}
        value={draft[field]}
        onChange={set(field)}
      />
    </Field>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      {errors.form && (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-kind`} label="Kind" error={errors.kind}>
          <NativeSelect {...fieldControl(`${id}-kind`, errors.kind)} value={draft.kind} onChange={set('kind')}>
            <option value="airport">Airport</option>
            <option value="cruise_port">Cruise port</option>
          </NativeSelect>
        </Field>
        {text('code', 'Code', {
          placeholder: draft.kind === 'airport' ? 'e.g. MCO' : 'e.g. MIA-PORT',
          hint: draft.kind === 'airport' ? 'The 3-letter IATA code.' : 'Three letters and -PORT.',
        })}
        {text('name', 'Full name', { placeholder: draft.kind === 'airport' ? 'e.g. Orlando International Airport' : 'e.g. PortMiami', className: 'sm:col-span-2' })}
        {text('shortName', 'Short name', { placeholder: draft.kind === 'airport' ? 'e.g. Orlando International' : 'e.g. Miami' })}
        {text('city', 'City', { placeholder: 'e.g. Orlando' })}
        <Field id={`${id}-state`} label="State" error={errors.state}>
          <NativeSelect {...fieldControl(`${id}-state`, errors.state)} value={draft.state} onChange={set('state')}>
            <option value="">Choose a state…</option>
            {Object.entries(US_STATES).map(([code, name]) => (
              <option key={code} value={code}>{`${name} (${code})`}</option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-region`} label="Region" error={errors.region}>
          <NativeSelect {...fieldControl(`${id}-region`, errors.region)} value={draft.region} onChange={set('region')}>
            <option value="">Choose a region…</option>
            {REGIONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {text('latitude', 'Latitude', { inputMode: 'decimal', placeholder: 'e.g. 28.4294', hint: 'Of the terminal: lots are measured from here.' })}
        {text('longitude', 'Longitude', { inputMode: 'decimal', placeholder: 'e.g. -81.3089' })}
        {text('aliases', 'Search words (optional)', { placeholder: 'e.g. orlando, disney', hint: 'Separated by commas: other names travellers type.', className: 'sm:col-span-2' })}
      </div>
      {slugs && (
        <p className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {`Landing page: /${slugs.seoSlug} · directory: /locations/${slugs.slug}`}
          {!place && ' (a number is added if one is taken)'}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {place ? 'Save place' : 'Add place'}
        </Button>
      </DialogFooter>
    </form>
  );
}
