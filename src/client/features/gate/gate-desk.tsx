// The gate for lot staff: which lot, a pass from the camera or typed, its verdict with Check in / Check out, and
// today's arrivals and departures. The result is announced to screen readers as it appears.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Card } from '@/client/components/ui/card';
import { Label } from '@/client/components/ui/label';
import { NativeSelect } from '@/client/components/ui/select';
import { toast } from '@/client/components/ui/toast';
import { useTRPC, useTRPCClient, type RouterOutputs } from '@/client/lib/trpc';
import { ZConfirmationNumber } from '@/shared/schemas/gate';
import { BookingSearch } from './booking-search';
import { PassEntry } from './pass-entry';
import { PassResult, type GateResult } from './pass-result';
import { PassScanner } from './pass-scanner';
import { TodayLists } from './today-lists';

type Lot = RouterOutputs['gate']['lots'][number];
const LOT_KEY = 'parkpilot.gate.lot';

const errorCode = (err: unknown) => (err as { data?: { code?: string } } | null)?.data?.code;
const errorMessage = (err: unknown) => (err as Error | null)?.message || 'Something went wrong. Please try again.';

function announce(result: GateResult): string {
  if (result.kind === 'missing') return `Not valid. ${result.message}`;
  const head = result.done === 'in' ? 'Checked in' : result.done === 'out' ? 'Checked out' : result.pass.valid ? 'Valid' : 'Not valid';
  return `${head}. ${result.pass.booking.confirmationNumber}. ${result.pass.reason}`;
}

export function GateDesk({ lots }: { lots: Lot[] }) {
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const [lotId, setLotId] = useState(lots[0]!.id);
  const [result, setResult] = useState<GateResult | null>(null);
  const [looking, setLooking] = useState(false);
  const [busy, setBusy] = useState<'in' | 'out' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [cameraOn, setCameraOn] = useState(false);
  /** Bumped to clear the typed field for the next pass. */
  const [entryKey, setEntryKey] = useState(0);
  const resultRef = useRef<HTMLDivElement>(null);
  const checkOutKey = useRef<string | null>(null);
  const queryClient = useQueryClient();
  const checkIn = useMutation(trpc.gate.checkIn.mutationOptions());
  const checkOut = useMutation(trpc.gate.checkOut.mutationOptions());

  // The lot chosen last time on this device, once hydrated.
  useEffect(() => {
    const saved = Number(window.localStorage.getItem(LOT_KEY));
    if (saved && lots.some((l) => l.id === saved)) setLotId(saved);
  }, [lots]);

  const show = (next: GateResult) => {
    setResult(next);
    setAnnouncement(announce(next));
    // Focus moves to the verdict; the page scrolls only when the verdict's top is not already in view.
    requestAnimationFrame(() => {
      const card = resultRef.current;
      if (!card) return;
      card.focus({ preventScroll: true });
      const top = card.getBoundingClientRect().top;
      if (top < 80 || top + 180 > window.innerHeight) card.scrollIntoView({ block: 'start', behavior: 'smooth' });
    });
  };

  async function lookUp(raw: string) {
    const parsed = ZConfirmationNumber.safeParse(raw);
    if (!parsed.success) {
      show({ kind: 'missing', confirmationNumber: raw.slice(0, 40), message: 'This QR code is not a parking pass.' });
      return;
    }
    setLooking(true);
    try {
      const pass = await trpcClient.gate.lookup.query({ confirmationNumber: parsed.data, lotId });
      checkOutKey.current = null;
      show({ kind: 'pass', pass, done: null });
    } catch (err) {
      if (errorCode(err) === 'NOT_FOUND') show({ kind: 'missing', confirmationNumber: parsed.data, message: errorMessage(err) });
      else toast({ title: 'Could not check the pass', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setLooking(false);
    }
  }

  async function record(step: 'in' | 'out') {
    if (result?.kind !== 'pass') return;
    const input = { confirmationNumber: result.pass.booking.confirmationNumber, lotId };
    setBusy(step);
    try {
      // One Idempotency-Key per pass shown: a retried check-out charges a late car's extra days once.
      checkOutKey.current ??= crypto.randomUUID();
      const { overstay: charged = null, ...pass } =
        step === 'in' ? { ...(await checkIn.mutateAsync(input)), overstay: null } : await checkOut.mutateAsync({ ...input, idempotencyKey: checkOutKey.current });
      show({ kind: 'pass', pass: { ...pass, overstay: null }, done: step, charged });
      toast({
        title: step === 'in' ? 'Checked in' : 'Checked out',
        description: `${pass.booking.confirmationNumber} · ${pass.booking.firstName} ${pass.booking.lastName}`,
        variant: 'success',
      });
    } catch (err) {
      // Refused (another gate was first, or the pass changed): show the pass as it stands, with the reason.
      const fresh = await trpcClient.gate.lookup.query(input).catch(() => null);
      if (fresh) show({ kind: 'pass', pass: { ...fresh, reason: errorMessage(err) }, done: null });
      toast({ title: step === 'in' ? 'Not checked in' : 'Not checked out', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries(trpc.gate.today.queryFilter());
    }
  }

  // Ready for the next car: the camera keeps scanning, or the cleared field takes the next number.
  const next = () => {
    setResult(null);
    checkOutKey.current = null;
    setEntryKey((k) => k + 1);
    if (!cameraOn) requestAnimationFrame(() => document.getElementById('gate-confirmation')?.focus());
  };

  const chooseLot = (id: number) => {
    setLotId(id);
    setResult(null);
    window.localStorage.setItem(LOT_KEY, String(id));
  };
  const lot = lots.find((l) => l.id === lotId) ?? lots[0]!;

  return (
    <div className="space-y-6">
      <p className="sr-only" aria-live="assertive" aria-atomic="true">
        {announcement}
      </p>
      {lots.length > 1 ? (
        <div className="space-y-1.5 sm:max-w-md">
          <Label htmlFor="gate-lot">Lot</Label>
          <NativeSelect id="gate-lot" value={lotId} onChange={(e) => chooseLot(Number(e.target.value))} className="h-12 text-base">
            {groupByPlace(lots).map(([place, group]) => (
              <optgroup key={place} label={place}>
                {group.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect>
        </div>
      ) : (
        <p className="flex items-start gap-2 text-sm">
          <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            <span className="font-semibold">{lot.name}</span>
            <span className="block text-muted-foreground">{lot.location}</span>
          </span>
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        <section aria-labelledby="check-heading" className="space-y-4">
          <h2 id="check-heading" className="sr-only">
            Check a pass
          </h2>
          <Card className="space-y-4 p-4 sm:p-5">
            <PassScanner onCode={(text) => void lookUp(text)} paused={result !== null || looking} onActive={setCameraOn} />
            <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground" aria-hidden="true">
              <span className="h-px flex-1 bg-border" /> or type it <span className="h-px flex-1 bg-border" />
            </div>
            <PassEntry key={entryKey} onSubmit={(cn) => void lookUp(cn)} busy={looking} />
          </Card>
          <Card className="p-4 sm:p-5">
            <BookingSearch key={lotId} lotId={lotId} onPick={(cn) => void lookUp(cn)} />
          </Card>
          {result && <PassResult ref={resultRef} result={result} busy={busy} onCheckIn={() => void record('in')} onCheckOut={() => void record('out')} onNext={next} />}
        </section>
        <TodayLists lotId={lotId} onPick={(cn) => void lookUp(cn)} />
      </div>
    </div>
  );
}

function groupByPlace(lots: Lot[]): [string, Lot[]][] {
  const groups = new Map<string, Lot[]>();
  for (const l of lots) {
    const group = groups.get(l.location);
    if (group) group.push(l);
    else groups.set(l.location, [l]);
  }
  return [...groups.entries()];
}
