// The back office's Partners tab: the companies that own lots (status, commission, lots, members, what each is
// owed and was paid, and its payout account with Stripe); a new partner
// with the lots it takes over; inviting a member; a commission from a date on; suspending and reinstating; and
// the queue of partners' new lots waiting for approval. The server's messages are shown as they come.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Handshake, Plus, Search } from 'lucide-react';
import { useDeferredValue, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/toast';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { ZCommissionInput, ZInvitationInput, ZPartnerInput, type TPartnerRole } from '@/shared/schemas/partners';
import { InviteeFields } from '@/client/features/partners/invitee-fields';
import { Field, fieldControl, fieldErrors } from './lots/form-field';
import { adminDate } from './stat';
import { formatPrice } from '@/shared/pricing';

type Partner = RouterOutputs['adminPartners']['list'][number];
type Action = { kind: 'invite' | 'commission' | 'status'; partner: Partner } | { kind: 'new' };
type Balance = RouterOutputs['adminPartners']['balances'][number];
const PAYOUT_ACCOUNT: Record<Balance['payoutAccount'], ReactNode> = {
  sandbox: <Badge variant="outline">Sandbox</Badge>,
  not_started: <Badge variant="outline">Not set up</Badge>,
  details_needed: <Badge variant="warning">Details needed</Badge>,
  enabled: <Badge variant="success">Stripe enabled</Badge>,
};
const percent = (bps: number) => `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries(trpc.adminPartners.pathFilter()), queryClient.invalidateQueries(trpc.adminCatalogue.pathFilter())]);
}

export function PartnersTab() {
  const trpc = useTRPC();
  const list = useQuery(trpc.adminPartners.list.queryOptions());
  const balances = useQuery(trpc.adminPartners.balances.queryOptions());
  const balanceOf = (id: number) => balances.data?.find((b) => b.partnerId === id);
  const [action, setAction] = useState<Action | null>(null);
  const close = () => setAction(null);
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold tracking-tight">Partners</h2>
          <p className="text-sm text-muted-foreground">Companies that own lots: their commission, team, status and payouts.</p>
        </div>
        <Button onClick={() => setAction({ kind: 'new' })}>
          <Plus className="size-4" aria-hidden="true" /> New partner
        </Button>
      </div>
      <Drafts />
      <section aria-label="Partners">
        {list.isError ? (
          <Card className="p-6 text-sm text-destructive">{list.error.message}</Card>
        ) : !list.data ? (
          <div className="space-y-2" role="status" aria-label="Loading partners">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : list.data.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 p-10 text-center">
            <Handshake className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No partners yet.</p>
            <Button onClick={() => setAction({ kind: 'new' })}>Create the first partner</Button>
          </Card>
        ) : (
          <Card className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Partners</caption>
              <thead className="border-b border-border bg-muted/50 text-xs uppercase text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Partner
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Commission
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Lots
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Members
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Payouts
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {list.data.map((p) => (
                  <tr key={p.id} className="align-top hover:bg-muted/30">
                    <td className="min-w-48 px-4 py-3">
                      <p className="font-medium">{p.tradingName}</p>
                      <p className="text-xs text-muted-foreground">{`${p.legalName} · ${p.contactEmail}`}</p>
                    </td>
                    <td className="px-4 py-3">{p.status === 'active' ? <Badge variant="success">Active</Badge> : <Badge variant="warning">Suspended</Badge>}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{percent(p.commissionBps)}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{p.lots}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{p.members}</td>
                    <td className="min-w-40 px-4 py-3">
                      <PayoutCell balance={balanceOf(p.id)} />
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex flex-wrap justify-end gap-2 xl:flex-nowrap">
                        <Button size="sm" variant="outline" onClick={() => setAction({ kind: 'invite', partner: p })} aria-label={`Invite a member to ${p.tradingName}`}>
                          Invite
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => setAction({ kind: 'commission', partner: p })} aria-label={`Change the commission of ${p.tradingName}`}>
                          Commission
                        </Button>
                        <Button
                          size="sm"
                          variant={p.status === 'active' ? 'outline' : 'default'}
                          onClick={() => setAction({ kind: 'status', partner: p })}
                          aria-label={`${p.status === 'active' ? 'Suspend' : 'Reinstate'} ${p.tradingName}`}
                        >
                          {p.status === 'active' ? 'Suspend' : 'Reinstate'}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
      </section>
      {action?.kind === 'new' && <NewPartnerDialog onClose={close} />}
      {action?.kind === 'invite' && <InviteDialog partner={action.partner} onClose={close} />}
      {action?.kind === 'commission' && <CommissionDialog partner={action.partner} onClose={close} />}
      {action?.kind === 'status' && <StatusDialog partner={action.partner} onClose={close} />}
    </div>
  );
}

/** What the partner is owed and was paid, and whether Stripe can pay it (the payout account's state). */
function PayoutCell({ balance }: { balance: Balance | undefined }) {
  if (!balance) return <Skeleton className="h-5 w-24" />;
  return (
    <div className="space-y-1">
      {PAYOUT_ACCOUNT[balance.payoutAccount]}
      <p className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">{`Owed ${formatPrice(balance.owed)} · paid ${formatPrice(balance.paid)}`}</p>
    </div>
  );
}

function Drafts() {
  const trpc = useTRPC();
  const drafts = useQuery(trpc.adminPartners.drafts.queryOptions());
  const approve = useMutation(trpc.adminPartners.approveLot.mutationOptions());
  const refresh = useRefresh();
  if (!drafts.data || drafts.data.length === 0) return null;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h3" className="text-base">
          Lots waiting for approval
        </CardTitle>
        <CardDescription>A partner’s new lot is listed in search once you approve it; later edits need no approval.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border text-sm" aria-label="Lots waiting for approval">
          {drafts.data.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium">{d.name}</span>
                <span className="block text-xs text-muted-foreground">{`${d.partner} · ${d.location} · added ${adminDate(d.createdAt)}`}</span>
              </span>
              <Button
                size="sm"
                loading={approve.isPending && approve.variables?.id === d.id}
                onClick={() =>
                  approve.mutate(
                    { id: d.id },
                    {
                      onSuccess: (r) => {
                        void refresh();
                        toast({
                          title: 'Lot approved',
                          description: r.published ? `${r.name} is listed in search now.` : `${r.name} is approved; its partner is suspended.`,
                          variant: 'success',
                        });
                      },
                      onError: (err) => toast({ title: 'Could not approve the lot', description: err.message, variant: 'destructive' }),
                    },
                  )
                }
              >
                <Check className="size-4" aria-hidden="true" /> Approve
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function FormDialog({
  title,
  description,
  error,
  submitLabel,
  pending,
  onSubmit,
  onClose,
  children,
  wide,
}: {
  title: string;
  description: string;
  error?: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (e: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className={wide ? 'block space-y-4 sm:max-w-2xl' : 'sm:max-w-md'}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {error && (
            <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive">
              {error}
            </p>
          )}
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const PARTNER_FIELDS = [
  ['tradingName', 'Trading name'],
  ['legalName', 'Legal name'],
  ['contactName', 'Contact name'],
  ['contactEmail', 'Contact e-mail'],
  ['contactPhone', 'Contact phone (optional)'],
  ['commissionPercent', 'Commission (%)'],
] as const;

function NewPartnerDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const id = useId();
  const create = useMutation(trpc.adminPartners.create.mutationOptions());
  const refresh = useRefresh();
  const [draft, setDraft] = useState<Record<string, string>>({ commissionPercent: '15' });
  const [lots, setLots] = useState<{ id: number; name: string; location: string }[]>([]);
  const [q, setQ] = useState('');
  const term = useDeferredValue(q.trim());
  const free = useQuery(trpc.adminPartners.freeLots.queryOptions({ q: term || undefined }, { placeholderData: (prev) => prev }));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    // Checked here with the server's schema; sent as typed (the schema turns the percent into basis points).
    const input = { tradingName: '', legalName: '', contactName: '', contactEmail: '', ...draft, commissionPercent: draft.commissionPercent ?? '', lotIds: lots.map((l) => l.id) };
    const parsed = ZPartnerInput.safeParse(input);
    const found = fieldErrors(parsed);
    setErrors(found ?? {});
    if (found || !parsed.success) {
      const first = [...PARTNER_FIELDS.map(([f]) => f), 'payoutDetails'].find((f) => found?.[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    create.mutate(input, {
      onSuccess: (p) => {
        void refresh();
        toast({
          title: 'Partner created',
          description: `${p.tradingName} owns ${p.lotIds.length} lot${p.lotIds.length === 1 ? '' : 's'}. Invite its owner next.`,
          variant: 'success',
        });
        onClose();
      },
      onError: (err) => setErrors({ form: err.message }),
    });
  }

  return (
    <FormDialog
      wide
      title="New partner"
      description="The company, its commission from today, and the lots it takes over (lots no partner owns yet)."
      error={errors.form}
      submitLabel="Create partner"
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {PARTNER_FIELDS.map(([f, label]) => (
          <Field key={f} id={`${id}-${f}`} label={label} error={errors[f]}>
            <Input
              {...fieldControl(`${id}-${f}`, errors[f])}
              type={f === 'contactEmail' ? 'email' : f === 'contactPhone' ? 'tel' : 'text'}
              inputMode={f === 'commissionPercent' ? 'decimal' : undefined}
              value={draft[f] ?? ''}
              onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
            />
          </Field>
        ))}
        <Field
          id={`${id}-payoutDetails`}
          label="Payout details (optional)"
          error={errors.payoutDetails}
          hint="Bank and the last digits only, never a full account number."
          className="sm:col-span-2"
        >
          <Textarea
            {...fieldControl(`${id}-payoutDetails`, errors.payoutDetails, true)}
            rows={2}
            value={draft.payoutDetails ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, payoutDetails: e.target.value }))}
          />
        </Field>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Lots it owns</legend>
        {lots.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Chosen lots">
            {lots.map((l) => (
              <li key={l.id}>
                <Badge variant="secondary" className="gap-1.5 py-1">
                  {l.name}
                  <button
                    type="button"
                    className="rounded-sm hover:text-destructive"
                    aria-label={`Remove ${l.name}`}
                    onClick={() => setLots((ls) => ls.filter((x) => x.id !== l.id))}
                  >
                    ×
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <div className="relative">
          <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            aria-label="Find lots without a partner"
            placeholder="Find lots without a partner"
            className="pl-9"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <ul className="divide-y divide-border rounded-md border border-border text-sm" aria-label="Lots without a partner">
          {!free.data ? (
            <li className="p-3">
              <Skeleton className="h-5 w-full" />
            </li>
          ) : free.data.filter((l) => !lots.some((x) => x.id === l.id)).length === 0 ? (
            <li className="p-3 text-muted-foreground">No lots without a partner match.</li>
          ) : (
            free.data
              .filter((l) => !lots.some((x) => x.id === l.id))
              // A few at a time (no scrolling list inside the scrolling dialog): the search narrows them.
              .slice(0, 6)
              .map((l) => (
                <li key={l.id}>
                  <button
                    type="button"
                    className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left hover:bg-muted/50"
                    onClick={() => setLots((ls) => [...ls, l])}
                  >
                    <span className="min-w-0 [overflow-wrap:anywhere]">
                      {l.name}
                      <span className="block text-xs text-muted-foreground">{l.location}</span>
                    </span>
                    <Plus className="size-4 shrink-0 text-muted-foreground" aria-label={`Add ${l.name}`} />
                  </button>
                </li>
              ))
          )}
        </ul>
      </fieldset>
    </FormDialog>
  );
}

function InviteDialog({ partner, onClose }: { partner: Partner; onClose: () => void }) {
  const trpc = useTRPC();
  const id = useId();
  const invite = useMutation(trpc.adminPartners.invite.mutationOptions());
  const refresh = useRefresh();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TPartnerRole>('owner');
  const [errors, setErrors] = useState<Record<string, string>>({});
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZInvitationInput.safeParse({ partnerId: partner.id, email, role });
    const found = fieldErrors(parsed);
    setErrors(found ?? {});
    if (found || !parsed.success) return document.getElementById(`${id}-email`)?.focus();
    invite.mutate(parsed.data, {
      onSuccess: (r) => {
        void refresh();
        toast({ title: 'Invitation sent', description: `${r.email} gets an e-mail with a link to join ${partner.tradingName}.`, variant: 'success' });
        onClose();
      },
      onError: (err) => setErrors({ form: err.message }),
    });
  }
  return (
    <FormDialog
      title={`Invite to ${partner.tradingName}`}
      description="The invitation e-mail holds a link that works once, for 7 days."
      error={errors.form}
      submitLabel="Send invitation"
      pending={invite.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <InviteeFields id={id} email={email} role={role} errors={errors} onEmail={setEmail} onRole={setRole} />
    </FormDialog>
  );
}

function CommissionDialog({ partner, onClose }: { partner: Partner; onClose: () => void }) {
  const trpc = useTRPC();
  const id = useId();
  const save = useMutation(trpc.adminPartners.setCommission.mutationOptions());
  const refresh = useRefresh();
  const [value, setValue] = useState(String(partner.commissionBps / 100));
  const [from, setFrom] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  function submit(e: FormEvent) {
    e.preventDefault();
    // The date-time field is the administrator's local time; the server takes an instant.
    const effectiveFrom = from ? new Date(from).toISOString() : undefined;
    // Checked with the server's schema, sent as typed (the schema turns the percent into basis points).
    const input = { partnerId: partner.id, commissionPercent: value, effectiveFrom };
    const parsed = ZCommissionInput.safeParse(input);
    const found = fieldErrors(parsed);
    setErrors(found ?? {});
    if (found || !parsed.success) return document.getElementById(`${id}-${found?.effectiveFrom ? 'from' : 'percent'}`)?.focus();
    save.mutate(input, {
      onSuccess: (r) => {
        void refresh();
        toast({
          title: 'Commission changed',
          description: `${partner.tradingName}: ${percent(r.commissionBps)} from ${adminDate(r.effectiveFrom)}. Earlier bookings keep their rate.`,
          variant: 'success',
        });
        onClose();
      },
      onError: (err) => setErrors({ form: err.message }),
    });
  }
  return (
    <FormDialog
      title={`Commission of ${partner.tradingName}`}
      description={`Now ${percent(partner.commissionBps)}. Bookings made before the new rate starts keep the rate they were made at.`}
      error={errors.form}
      submitLabel="Save commission"
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field id={`${id}-percent`} label="Commission (%)" error={errors.commissionPercent}>
        <Input {...fieldControl(`${id}-percent`, errors.commissionPercent)} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
      </Field>
      <Field id={`${id}-from`} label="Effective from (optional)" error={errors.effectiveFrom} hint="Left empty: from now on.">
        <Input {...fieldControl(`${id}-from`, errors.effectiveFrom, true)} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
      </Field>
    </FormDialog>
  );
}

function StatusDialog({ partner, onClose }: { partner: Partner; onClose: () => void }) {
  const trpc = useTRPC();
  const set = useMutation(trpc.adminPartners.setStatus.mutationOptions());
  const refresh = useRefresh();
  const suspend = partner.status === 'active';
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{suspend ? `Suspend ${partner.tradingName}?` : `Reinstate ${partner.tradingName}?`}</DialogTitle>
          <DialogDescription>
            {suspend
              ? 'Its listed lots stop selling at once and leave search. Bookings already made stand, and its team keeps access.'
              : 'The lots its suspension unlisted are listed in search again at once.'}
          </DialogDescription>
        </DialogHeader>
        {error && (
          <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant={suspend ? 'destructive' : 'default'}
            loading={set.isPending}
            onClick={() =>
              set.mutate(
                { partnerId: partner.id, status: suspend ? 'suspended' : 'active' },
                {
                  onSuccess: () => {
                    void refresh();
                    toast({ title: suspend ? 'Partner suspended' : 'Partner reinstated', description: partner.tradingName, variant: 'success' });
                    onClose();
                  },
                  onError: (err) => setError(err.message),
                },
              )
            }
          >
            {suspend ? 'Suspend' : 'Reinstate'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
