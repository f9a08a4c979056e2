// The lot's details (create and edit): the same zod schema as the server checks the form before it is sent,
// and each message shows under its field; the server's refusals (a capacity below what is sold, coordinates
// far from the place) land under the field they are about. The distance to the terminal is previewed live.
import { Save } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { type RouterOutputs } from '@/client/lib/trpc';
import { formatMiles, haversineMiles } from '@/shared/geo';
import { LOT_AMENITIES, LOT_VEHICLE_TYPES, ONLINE_BUFFER_MESSAGE, ZLotInput, type TLotInput } from '@/shared/schemas/catalogue-admin';
import { CheckboxGroup, fieldControl, Field, fieldErrors, type FieldErrors } from './form-field';

export type AdminLot = RouterOutputs['adminCatalogue']['lot'];
export type Place = RouterOutputs['adminCatalogue']['locations'][number];
/** A place a lot may serve, as the lot form needs it (the back office's places, or the public directory's). */
export type LotPlace = Pick<Place, 'id' | 'kind' | 'code' | 'name' | 'latitude' | 'longitude'>;

const TEXT_FIELDS = [
  'name',
  'address',
  'latitude',
  'longitude',
  'price',
  'weeklyRate',
  'capacity',
  'onlineBuffer',
  'delayGraceHours',
  'shuttleInfo',
  'operatingHours',
  'phoneNumber',
  'website',
  'cancellationPolicy',
  'description',
] as const;
type Draft = Record<(typeof TEXT_FIELDS)[number] | 'locationId' | 'features', string> & { amenities: string[]; vehicleTypes: string[] };

function draftOf(lot: AdminLot | null, locationId?: number): Draft {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  const draft = Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(lot?.[f])])) as Record<(typeof TEXT_FIELDS)[number], string>;
  return {
    ...draft,
    onlineBuffer: text(lot?.onlineBuffer ?? 0),
    delayGraceHours: text(lot?.delayGraceHours ?? 2),
    locationId: text(lot?.locationId ?? locationId),
    features: (lot?.features ?? []).join('\n'),
    amenities: lot?.amenities ?? [],
    vehicleTypes: lot?.vehicleTypes ?? [],
  };
}

/** Where the server's message belongs. */
function serverField(message: string): string {
  if (/online buffer/i.test(message)) return 'onlineBuffer';
  if (/delay grace/i.test(message)) return 'delayGraceHours';
  if (/spaces? sold|capacity/i.test(message)) return 'capacity';
  if (/coordinates|latitude|longitude/i.test(message)) return 'latitude';
  if (/price/i.test(message)) return 'price';
  return 'form';
}

export function LotForm({
  lot,
  places,
  defaultLocationId,
  saving,
  onSave,
}: {
  lot: AdminLot | null;
  places: LotPlace[];
  defaultLocationId?: number;
  saving: boolean;
  /** Resolves to an error message (shown in the form), or null when saved. */
  onSave: (input: TLotInput) => Promise<string | null>;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(lot, defaultLocationId));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));
  const place = places.find((p) => String(p.id) === draft.locationId);
  const lat = Number(draft.latitude);
  const lng = Number(draft.longitude);
  const preview =
    place && draft.latitude.trim() && draft.longitude.trim() && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
      ? `${formatMiles(haversineMiles(place, { latitude: lat, longitude: lng }))} from the ${place.kind === 'cruise_port' ? 'cruise terminal' : 'terminal'}`
      : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZLotInput.safeParse({
      ...draft,
      features: draft.features
        .split('\n')
        .map((f) => f.trim())
        .filter(Boolean),
      published: lot?.published ?? true,
    });
    const overBuffer = parsed.success && parsed.data.onlineBuffer !== undefined && parsed.data.onlineBuffer > parsed.data.capacity;
    if (!parsed.success || overBuffer) {
      const found = parsed.success ? { onlineBuffer: ONLINE_BUFFER_MESSAGE } : (fieldErrors(parsed) ?? {});
      setErrors(found);
      const first = TEXT_FIELDS.find((f) => found[f]) ?? Object.keys(found)[0];
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    const message = await onSave(parsed.data);
    if (message) setErrors({ [serverField(message)]: message });
  }

  const text = (
    field: (typeof TEXT_FIELDS)[number],
    label: string,
    extra: { hint?: string; type?: string; inputMode?: 'decimal' | 'numeric' | 'tel' | 'url'; placeholder?: string; className?: string } = {},
  ) => (
    <Field id={`${id}-${field}`} label={label} error={errors[field]} hint={extra.hint} className={extra.className}>
      <Input
        {...fieldControl(`${id}-${field}`, errors[field], Boolean(extra.hint))}
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        placeholder={extra.placeholder}
        value={draft[field]}
        onChange={set(field)}
      />
    </Field>
  );
  const long = (field: 'shuttleInfo' | 'cancellationPolicy' | 'description', label: string, rows = 3) => (
    <Field id={`${id}-${field}`} label={label} error={errors[field]}>
      <Textarea {...fieldControl(`${id}-${field}`, errors[field])} rows={rows} value={draft[field]} onChange={set(field)} />
    </Field>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-6" aria-label={lot ? 'Lot details' : 'New lot'}>
      {errors.form && (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <Section
        title="Name and place"
        description={
          lot ? 'A lot stays at its airport or cruise port; its page address keeps its first name.' : 'The airport or cruise port the lot serves cannot be changed later.'
        }
      >
        <Field id={`${id}-locationId`} label="Airport or cruise port" error={errors.locationId} className="sm:col-span-2">
          <NativeSelect {...fieldControl(`${id}-locationId`, errors.locationId)} value={draft.locationId} onChange={set('locationId')} disabled={Boolean(lot)}>
            <option value="">Choose a place…</option>
            <PlaceOptions places={places} />
          </NativeSelect>
        </Field>
        {text('name', 'Lot name', { className: 'sm:col-span-2' })}
        {text('address', 'Street address', { className: 'sm:col-span-2', placeholder: 'e.g. 123 Airport Rd, Orlando, FL 32809' })}
        {text('latitude', 'Latitude', { inputMode: 'decimal', placeholder: 'e.g. 28.4294' })}
        {text('longitude', 'Longitude', { inputMode: 'decimal', placeholder: 'e.g. -81.3089' })}
        <p className="text-sm text-muted-foreground sm:col-span-2" aria-live="polite">
          {preview ? `Distance shown to travellers: ${preview}.` : 'The distance to the terminal is measured from the coordinates when you save.'}
        </p>
      </Section>
      <Section title="Price and spaces" description="Bookings already made keep the price they paid. Capacity applies from today to every day not set by hand in Days.">
        {text('price', 'Daily price (USD)', { inputMode: 'decimal', placeholder: 'e.g. 12.95' })}
        {text('weeklyRate', 'Weekly rate (USD, optional)', { inputMode: 'decimal', hint: 'Charged for each full week when cheaper than the daily price.' })}
        {text('capacity', 'Capacity (spaces per day)', { inputMode: 'numeric', placeholder: 'e.g. 120' })}
        {text('onlineBuffer', 'Online buffer (spaces per day)', {
          inputMode: 'numeric',
          hint: 'Spaces kept off online sale, for drive-ups and overruns: online bookings stop at capacity less this. 0 for none.',
        })}
        {text('delayGraceHours', 'Delay grace (hours)', {
          inputMode: 'numeric',
          hint: 'A car leaving this long after its booked departure (a late flight) pays nothing more; later, each started day past the departure is charged at the rate booked. 0 to 24.',
        })}
      </Section>
      <Section title="What the lot offers">
        <div className="space-y-5 sm:col-span-2">
          <CheckboxGroup
            id={`${id}-amenities`}
            legend="Amenities"
            options={LOT_AMENITIES}
            value={draft.amenities}
            onChange={(amenities) => setDraft((d) => ({ ...d, amenities }))}
            error={errors.amenities}
          />
          <CheckboxGroup
            id={`${id}-vehicleTypes`}
            legend="Vehicle types"
            options={LOT_VEHICLE_TYPES}
            value={draft.vehicleTypes}
            onChange={(vehicleTypes) => setDraft((d) => ({ ...d, vehicleTypes }))}
            error={errors.vehicleTypes}
          />
          <Field id={`${id}-features`} label="Features (one per line)" error={errors.features}>
            <Textarea
              {...fieldControl(`${id}-features`, errors.features)}
              rows={4}
              value={draft.features}
              onChange={set('features')}
              placeholder={'Free shuttle every 10 minutes\nKeep your keys'}
            />
          </Field>
        </div>
      </Section>
      <Section title="Shuttle, hours and contact">
        <div className="sm:col-span-2">{long('shuttleInfo', 'Shuttle', 2)}</div>
        {text('operatingHours', 'Operating hours', { placeholder: 'e.g. 24/7' })}
        {text('phoneNumber', 'Phone', { type: 'tel', inputMode: 'tel', placeholder: 'e.g. (407) 555-0100' })}
        {text('website', 'Website', { type: 'url', inputMode: 'url', placeholder: 'https://', className: 'sm:col-span-2' })}
      </Section>
      <Section title="Policy and description">
        <div className="space-y-4 sm:col-span-2">
          {long('cancellationPolicy', 'Cancellation policy', 2)}
          {long('description', 'Description', 5)}
        </div>
      </Section>
      <div className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-2 border-t border-border bg-background/95 px-1 py-3 backdrop-blur sm:flex-row sm:items-center sm:justify-end">
        {Object.keys(errors).length > 0 && <p className="text-sm text-destructive sm:mr-auto">Check the highlighted fields.</p>}
        <Button type="submit" loading={saving}>
          {!saving && <Save className="size-4" aria-hidden="true" />} {lot ? 'Save changes' : 'Create lot'}
        </Button>
      </div>
    </form>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

/** Airports, then cruise ports, as option groups. */
export function PlaceOptions({ places }: { places: LotPlace[] }) {
  return (
    <>
      {(['airport', 'cruise_port'] as const).map((kind) => (
        <optgroup key={kind} label={kind === 'airport' ? 'Airports' : 'Cruise ports'}>
          {places
            .filter((p) => p.kind === kind)
            .map((p) => (
              <option key={p.id} value={p.id}>{`${p.code} · ${p.name}`}</option>
            ))}
        </optgroup>
      ))}
    </>
  );
}
