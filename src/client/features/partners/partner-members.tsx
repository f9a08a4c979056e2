// The portal's Members: who works for the partner (role, lots) and the invitations still open. Owners invite by
// e-mail (a role, and optionally some lots only) and remove members; managers see the list. The server keeps the
// last owner and says so.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, UserPlus, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { CheckboxGroup, fieldErrors } from '@/client/features/admin/lots/form-field';
import { InviteeFields } from './invitee-fields';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { INVITATION_DAYS, PARTNER_ROLE_LABEL, ZMemberInviteInput, type TPartnerRole } from '@/shared/schemas/partners';
import type { Membership } from './membership';

type Member = RouterOutputs['partner']['members']['members'][number];
const date = (d: Date | string) => new Date(d).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function PartnerMembers({ membership }: { membership: Membership }) {
  const trpc = useTRPC();
  const partnerId = membership.partnerId;
  const members = useQuery(trpc.partner.members.queryOptions({ partnerId }));
  const lots = useQuery(trpc.partner.lots.queryOptions({ partnerId }));
  const owner = membership.role === 'owner';
  const [removing, setRemoving] = useState<Member | null>(null);
  const lotName = new Map(lots.data?.map((l) => [l.id, l.name]));
  const scope = (all: boolean, ids: number[]) => (all || ids.length === 0 ? 'All lots' : ids.map((id) => lotName.get(id) ?? `Lot #${id}`).join(', '));
  const data = members.data;

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">Members</h2>
        <p className="text-sm text-muted-foreground">{owner ? 'Invite your team and choose what each person runs.' : 'Your team. Only owners invite or remove members.'}</p>
      </div>
      {owner && <InviteForm partnerId={partnerId} lots={lots.data ?? []} />}
      <Card>
        <CardHeader className="pb-3">
          <CardTitle as="h3" className="flex items-center gap-2 text-base">
            <Users className="size-4 text-primary" aria-hidden="true" /> Team
          </CardTitle>
        </CardHeader>
        <CardContent>
          {members.isError ? (
            <p className="text-sm text-destructive">{members.error.message}</p>
          ) : !data ? (
            <div className="space-y-2" role="status" aria-label="Loading members">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : (
            <ul className="divide-y divide-border" aria-label="Members">
              {data.members.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="font-medium [overflow-wrap:anywhere]">{m.name}</p>
                    <p className="text-muted-foreground [overflow-wrap:anywhere]">{m.email}</p>
                    <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{`${scope(m.allLots, m.lotIds)} · since ${date(m.since)}`}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge variant={m.role === 'owner' ? 'default' : 'secondary'}>{PARTNER_ROLE_LABEL[m.role]}</Badge>
                    {owner && (
                      <Button variant="outline" size="sm" onClick={() => setRemoving(m)} aria-label={`Remove ${m.name}`}>
                        Remove
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-3">
          <CardTitle as="h3" className="flex items-center gap-2 text-base">
            <Mail className="size-4 text-primary" aria-hidden="true" /> Open invitations
          </CardTitle>
          <CardDescription>{`A link works once, for ${INVITATION_DAYS} days.`}</CardDescription>
        </CardHeader>
        <CardContent>
          {!data ? (
            <Skeleton className="h-10 w-full" />
          ) : data.invitations.length === 0 ? (
            <p className="text-sm text-muted-foreground">No open invitations.</p>
          ) : (
            <ul className="divide-y divide-border text-sm" aria-label="Open invitations">
              {data.invitations.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <span className="font-medium">{i.email}</span>
                    <span className="block text-xs text-muted-foreground">{`${scope(false, i.lotIds)} · expires ${date(i.expiresAt)}`}</span>
                  </span>
                  <Badge variant="outline">{PARTNER_ROLE_LABEL[i.role]}</Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {removing && <RemoveDialog partnerId={partnerId} member={removing} onClose={() => setRemoving(null)} />}
    </div>
  );
}

function InviteForm({ partnerId, lots }: { partnerId: number; lots: { id: number; name: string }[] }) {
  const trpc = useTRPC();
  const id = useId();
  const queryClient = useQueryClient();
  const invite = useMutation(trpc.partner.inviteMember.mutationOptions());
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TPartnerRole>('manager');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const byName = new Map(lots.map((l) => [l.name, l.id]));

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZMemberInviteInput.safeParse({ partnerId, email, role, lotIds: chosen.map((n) => byName.get(n)).filter(Boolean) });
    const found = fieldErrors(parsed);
    setErrors(found ?? {});
    if (found || !parsed.success) return document.getElementById(`${id}-email`)?.focus();
    invite.mutate(parsed.data, {
      onSuccess: (r) => {
        void queryClient.invalidateQueries(trpc.partner.members.queryFilter());
        toast({ title: 'Invitation sent', description: `${r.email} gets an e-mail with a link to join as ${PARTNER_ROLE_LABEL[r.role]}.`, variant: 'success' });
        setEmail('');
        setChosen([]);
      },
      onError: (err) => setErrors({ form: err.message }),
    });
  }

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h3" className="flex items-center gap-2 text-base">
          <UserPlus className="size-4 text-primary" aria-hidden="true" /> Invite a member
        </CardTitle>
        <CardDescription>Managers run lots and bookings; gate staff check cars in and out. Owners also manage the team.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Invite a member">
          {errors.form && (
            <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive">
              {errors.form}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <InviteeFields id={id} email={email} role={role} errors={errors} onEmail={setEmail} onRole={setRole} />
          </div>
          {lots.length > 1 && (
            <CheckboxGroup id={`${id}-lots`} legend="Lots (none chosen: every lot)" options={lots.map((l) => l.name)} value={chosen} onChange={setChosen} error={errors.lotIds} />
          )}
          <div className="flex justify-end">
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function RemoveDialog({ partnerId, member, onClose }: { partnerId: number; member: Member; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.partner.removeMember.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{`Remove ${member.name}?`}</DialogTitle>
          <DialogDescription>{`${member.email} loses access to your lots, bookings and gate at once. You can invite them again later.`}</DialogDescription>
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
            variant="destructive"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(
                { partnerId, memberId: member.id },
                {
                  onSuccess: () => {
                    void queryClient.invalidateQueries(trpc.partner.members.queryFilter());
                    toast({ title: 'Member removed', description: `${member.name} no longer has access.`, variant: 'success' });
                    onClose();
                  },
                  onError: (err) => setError(err.message),
                },
              )
            }
          >
            Remove
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
