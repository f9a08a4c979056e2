// The form beside a lot's days: the date range, and what to do to it (open or close, capacity, day rate).
// Checked with the procedure's own schema first; the server's refusal (naming the bookings in the way) is shown
// next to the form, and nothing changes then.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { NativeSelect } from '@/client/components/ui/select';
import { toast } from '@/client/components/ui/toast';
import { useTRPC } from '@/client/lib/trpc';
import { formatDayDate } from '@/shared/format';
import { formatPrice } from '@/shared/pricing';
import { rangeLength, ZLotDaysChange } from '@/shared/schemas/lot-days';
import type { Range } from './lot-days-calendar';

type Field = 'from' | 'to' | 'capacity' | 'price' | 'form';
interface Draft {
  closed: '' | 'close' | 'open';
  capacity: '' | 'set' | 'lot';
  spaces: string;
  price: '' | 'set' | 'lot';
  rate: string;
}
const EMPTY: Draft = { closed: '', capacity: '', spaces: '', price: '', rate: '' };

export function ChangeForm({
  lotId,
  lot,
  today,
  selection,
  picking,
  maxTaken,
  onRange,
}: {
  lotId: number;
  lot: { capacity: number; price: number } | undefined;
  today: string;
  selection: Range | null;
  picking: boolean;
  maxTaken: number | null;
  onRange: (range: Range | null) => void;
}) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const update = useMutation(trpc.lotDays.update.mutationOptions());
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors({});
  };
  const count = selection ? rangeLength(selection.from, selection.to) : 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    setRefusal(null);
    const input = {
      lotId,
      from: selection?.from ?? '',
      to: selection?.to ?? '',
      ...(draft.closed && { closed: draft.closed === 'close' }),
      ...(draft.capacity && { capacity: draft.capacity === 'lot' ? null : draft.spaces }),
      ...(draft.price && { price: draft.price === 'lot' ? null : draft.rate }),
    };
    const parsed = ZLotDaysChange.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = (['from', 'to', 'capacity', 'price'].includes(String(issue.path[0])) ? issue.path[0] : 'form') as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      await update.mutateAsync(parsed.data);
      await Promise.all([queryClient.invalidateQueries(trpc.lotDays.list.queryFilter({ lotId })), queryClient.invalidateQueries(trpc.adminCatalogue.audit.queryFilter())]);
      setDraft(EMPTY);
      toast({ title: 'Days updated', description: `${count} day${count === 1 ? '' : 's'} from ${formatDayDate(parsed.data.from)} changed.`, variant: 'success' });
    } catch (err) {
      setRefusal((err as Error).message);
      toast({ title: 'Nothing was changed', description: 'See the reason next to the form.', variant: 'destructive' });
    }
  }

  const described = (field: Field) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `lot-days-${field}-error` } : {});
  const error = (field: Field) =>
    errors[field] && (
      <p id={`lot-days-${field}-error`} className="text-sm text-destructive">
        {errors[field]}
      </p>
    );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="lot-days-change" className="space-y-4 @3xl:border-l @3xl:border-border @3xl:pl-6">
      <h4 id="lot-days-change" className="font-semibold">
        Change days
      </h4>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {!selection
          ? 'Pick the first and the last day in the calendar, or type them below.'
          : picking
            ? `From ${formatDayDate(selection.from)}: now pick the last day (or apply to this day only).`
            : `${count} day${count === 1 ? '' : 's'}: ${formatDayDate(selection.from)}${count > 1 ? ` to ${formatDayDate(selection.to)}` : ''}.`}
        {maxTaken !== null && ` Most spaces sold on one of these days: ${maxTaken}.`}
      </p>
      <div className="grid gap-3 @md:grid-cols-2 @3xl:grid-cols-1">
        <div className="space-y-1.5">
          <Label htmlFor="lot-days-from">First day</Label>
          <Input
            id="lot-days-from"
            type="date"
            min={today}
            value={selection?.from ?? ''}
            onChange={(e) => onRange(e.target.value ? { from: e.target.value, to: selection?.to && selection.to >= e.target.value ? selection.to : e.target.value } : null)}
            {...described('from')}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="lot-days-to">Last day</Label>
          <Input
            id="lot-days-to"
            type="date"
            min={selection?.from ?? today}
            value={selection?.to ?? ''}
            onChange={(e) => e.target.value && onRange({ from: selection?.from ?? e.target.value, to: e.target.value })}
            {...described('to')}
          />
        </div>
        {(errors.from || errors.to) && (
          <div className="@md:col-span-2 @3xl:col-span-1">
            {error('from')}
            {error('to')}
          </div>
        )}
      </div>

      <div className="space-y-1.5">
        <Label htmlFor="lot-days-closed">New bookings</Label>
        <NativeSelect id="lot-days-closed" value={draft.closed} onChange={(e) => set('closed', e.target.value as Draft['closed'])}>
          <option value="">Leave as they are</option>
          <option value="close">Close these days to new bookings</option>
          <option value="open">Open these days for bookings</option>
        </NativeSelect>
        {draft.closed === 'close' && <p className="text-xs text-muted-foreground">Bookings already made for these days stand.</p>}
      </div>

      <div className="space-y-1.5">
        <Label htmlFor="lot-days-capacity">Capacity</Label>
        <NativeSelect id="lot-days-capacity" value={draft.capacity} onChange={(e) => set('capacity', e.target.value as Draft['capacity'])}>
          <option value="">Leave as it is</option>
          <option value="set">Set the spaces per day</option>
          <option value="lot">{`Follow the lot's capacity${lot ? ` (${lot.capacity})` : ''}`}</option>
        </NativeSelect>
        {draft.capacity === 'set' && (
          <div className="space-y-1.5 pt-1">
            <Label htmlFor="lot-days-spaces">Spaces per day</Label>
            <Input id="lot-days-spaces" inputMode="numeric" autoComplete="off" value={draft.spaces} onChange={(e) => set('spaces', e.target.value)} {...described('capacity')} />
          </div>
        )}
        {error('capacity')}
      </div>

      <div className="space-y-1.5">
        <Label htmlFor="lot-days-price">Daily price</Label>
        <NativeSelect id="lot-days-price" value={draft.price} onChange={(e) => set('price', e.target.value as Draft['price'])}>
          <option value="">Leave as it is</option>
          <option value="set">Set a day rate (holiday rate)</option>
          <option value="lot">{`Use the lot's price${lot ? ` (${formatPrice(lot.price)})` : ''}`}</option>
        </NativeSelect>
        {draft.price === 'set' && (
          <div className="space-y-1.5 pt-1">
            <Label htmlFor="lot-days-rate">Price per day in dollars</Label>
            <Input
              id="lot-days-rate"
              inputMode="decimal"
              autoComplete="off"
              placeholder="24.95"
              value={draft.rate}
              onChange={(e) => set('rate', e.target.value)}
              {...described('price')}
            />
            <p className="text-xs text-muted-foreground">A stay pays the difference from the lot&apos;s price for each of these days it is billed for.</p>
          </div>
        )}
        {error('price')}
      </div>

      {error('form')}
      {refusal && (
        <div role="alert" className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <p className="min-w-0 break-words">{refusal}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={update.isPending} disabled={!selection} className="flex-1">
          {count ? `Apply to ${count} day${count === 1 ? '' : 's'}` : 'Apply'}
        </Button>
        {selection && (
          <Button type="button" variant="outline" onClick={() => onRange(null)}>
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}
