// The result of a scan or a typed number: a big Valid / Not valid with the reason, the booking (name, vehicle,
// plate, dates, lot, status, check-in and check-out times), and the Check in / Check out action it allows.
import { CheckCircle2, LogIn, LogOut, ScanLine, XCircle } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { cn } from '@/client/lib/utils';
import { formatUsd } from '@/shared/format';
import { OTHER_LOT_PREFIX } from '@/shared/schemas/gate';
import type { RouterOutputs } from '@/client/lib/trpc';
import { Plate } from './plate';
import { shortStay, type GatePass } from './gate-format';
import { vehicleName } from '@/shared/vehicle-text';

export type GateResult =
  | {
      kind: 'pass';
      pass: GatePass;
      /** The step just recorded, if any. */
      done: 'in' | 'out' | null;
      /** A late car's extra days as the check-out charged them (or made them due). */
      charged?: TGateCheckOut['overstay'];
    }
  | { kind: 'missing'; confirmationNumber: string; message: string };

type TGateCheckOut = RouterOutputs['gate']['checkOut'];

interface Props {
  result: GateResult;
  busy: 'in' | 'out' | null;
  onCheckIn: () => void;
  onCheckOut: () => void;
  onNext: () => void;
  ref?: Ref<HTMLDivElement>;
}

/** The headline and its colours. */
function verdict(result: GateResult) {
  if (result.kind === 'missing') return { title: 'Not valid', tone: 'bad' as const, Icon: XCircle };
  if (result.done === 'in') return { title: 'Checked in', tone: 'good' as const, Icon: CheckCircle2 };
  if (result.done === 'out') return { title: 'Checked out', tone: 'done' as const, Icon: LogOut };
  return result.pass.valid ? { title: 'Valid', tone: 'good' as const, Icon: CheckCircle2 } : { title: 'Not valid', tone: 'bad' as const, Icon: XCircle };
}

const TONES = {
  good: 'bg-success text-white',
  bad: 'bg-destructive text-destructive-foreground',
  done: 'bg-primary text-primary-foreground',
};

export function PassResult({ result, busy, onCheckIn, onCheckOut, onNext, ref }: Props) {
  const v = verdict(result);
  const reason = result.kind === 'missing' ? result.message : result.pass.reason;
  return (
    <Card
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-labelledby="pass-verdict"
      className="scroll-mt-20 overflow-hidden focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className={cn('flex items-start gap-3 p-5', TONES[v.tone])}>
        <v.Icon className="mt-0.5 size-9 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="pass-verdict" className="text-3xl font-bold leading-tight">
            {v.title}
          </h2>
          <p className="mt-1 text-base font-medium [overflow-wrap:anywhere]" data-testid="pass-reason">
            {reason}
          </p>
        </div>
      </div>
      {result.kind === 'pass' && <OverstayNote result={result} />}
      <div className="flex flex-col gap-2 border-b border-border p-4 sm:flex-row">
        {result.kind === 'pass' && result.pass.canCheckIn && (
          <Button size="lg" className="h-14 w-full text-base sm:w-auto sm:flex-1" loading={busy === 'in'} disabled={busy !== null} onClick={onCheckIn}>
            {busy !== 'in' && <LogIn className="size-5" aria-hidden="true" />} Check in
          </Button>
        )}
        {result.kind === 'pass' && result.pass.canCheckOut && (
          <Button size="lg" className="h-14 w-full text-base sm:w-auto sm:flex-1" loading={busy === 'out'} disabled={busy !== null} onClick={onCheckOut}>
            {busy !== 'out' && <LogOut className="size-5" aria-hidden="true" />} Check out
          </Button>
        )}
        <Button size="lg" variant="outline" className="h-12 w-full text-base sm:h-14 sm:w-auto sm:flex-1" disabled={busy !== null} onClick={onNext}>
          <ScanLine className="size-5" aria-hidden="true" /> Next pass
        </Button>
      </div>
      {result.kind === 'pass' ? (
        <Details pass={result.pass} />
      ) : (
        <p className="p-5 text-sm text-muted-foreground">
          <span className="font-mono font-semibold text-foreground">{result.confirmationNumber}</span>
          {result.message.startsWith(OTHER_LOT_PREFIX)
            ? ': send the driver to the lot named above; the pass is good only there.'
            : ': check the number on the pass, or ask the traveller for their confirmation e-mail.'}
        </p>
      )}
    </Card>
  );
}

function Details({ pass }: { pass: GatePass }) {
  const b = pass.booking;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 p-5 text-sm [overflow-wrap:anywhere] sm:gap-x-6">
      <Item label="Confirmation">
        <span className="font-mono font-semibold">{b.confirmationNumber}</span>
      </Item>
      <Item label="Status">
        <Badge variant="outline" className="capitalize">
          {b.status}
        </Badge>
      </Item>
      <Item label="Name">
        <span className="text-base font-semibold">{`${b.firstName} ${b.lastName}`}</span>
      </Item>
      <Item label="Vehicle">
        <span className="block text-base font-semibold">{vehicleName(b)}</span>
        <Plate value={b.licensePlate} className="mt-1" />
      </Item>
      {b.travel && (
        <Item label="Travel">
          <span className="font-semibold" data-testid="pass-travel">
            {b.travel}
          </span>
        </Item>
      )}
      <Item label="Arrival">{shortStay(b.arrivalDate)}</Item>
      <Item label="Departure">{shortStay(b.departureDate)}</Item>
      <Item label="Lot">
        {b.lot.name}
        <span className="block text-muted-foreground">{b.lot.location}</span>
      </Item>
      <Item label="At the gate">
        {b.checkedInLocal ? `Checked in ${shortStay(b.checkedInLocal)}` : 'Not checked in'}
        {b.checkedOutLocal && <span className="block">{`Checked out ${shortStay(b.checkedOutLocal)}`}</span>}
      </Item>
    </dl>
  );
}

/** Before check-out: what a late car owes (staff tell the driver); after: what was charged, or that a pay link went out. */
function OverstayNote({ result }: { result: Extract<GateResult, { kind: 'pass' }> }) {
  const c = result.charged;
  const text = c
    ? c.status === 'paid'
      ? `Late check-out: ${c.days} extra day${c.days === 1 ? '' : 's'}, ${formatUsd(c.amount)} charged${c.card ? ` to ${c.card.brand} •${c.card.last4}` : ''}.`
      : c.status === 'due'
        ? `Late check-out: ${formatUsd(c.amount)} could not be charged to a card; the traveller is e-mailed a link to pay.`
        : `Late check-out: ${formatUsd(c.amount)} is being charged; the bank has not answered yet.`
    : result.pass.overstay && !result.done
      ? result.pass.overstay.text
      : null;
  if (!text) return null;
  return (
    <p className="border-b border-warning/40 bg-warning/10 px-5 py-3 text-base font-semibold text-foreground" data-testid="pass-overstay" role="status">
      {text}
    </p>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
