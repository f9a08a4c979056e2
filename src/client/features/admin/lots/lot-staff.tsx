// A lot's staff in the lot editor: who may work its gate (see /gate). Add an existing account by its e-mail,
// or remove someone; both are audited on the server and listed below. A partner's lot is worked by the
// partner's members: adding someone makes them its gate staff of this lot, and the list shows each one's role.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserMinus, UserPlus, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { useTRPC } from '@/client/lib/trpc';
import { formatLongDate } from '@/shared/format';
import { ZGrantStaffInput } from '@/shared/schemas/gate';
import { PARTNER_ROLE_LABEL } from '@/shared/schemas/partners';
import { AuditList } from './audit-list';

export function LotStaff({ lotId, partnerOwned }: { lotId: number; partnerOwned: boolean }) {
  const trpc = useTRPC();
  const staff = useQuery(trpc.adminStaff.list.queryOptions({ lotId }));
  const queryClient = useQueryClient();
  const revoke = useMutation(trpc.adminStaff.revoke.mutationOptions());
  const [removing, setRemoving] = useState<number | null>(null);

  async function remove(userId: number, email: string) {
    setRemoving(userId);
    try {
      await revoke.mutateAsync({ lotId, userId });
      await Promise.all([queryClient.invalidateQueries(trpc.adminStaff.list.queryFilter({ lotId })), queryClient.invalidateQueries(trpc.adminCatalogue.audit.queryFilter())]);
      toast({ title: 'Staff removed', description: `${email} can no longer work this lot's gate.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Could not remove staff', description: (err as Error).message, variant: 'destructive' });
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="flex items-center gap-2">
            <Users className="size-5 text-primary" aria-hidden="true" /> Lot staff
          </CardTitle>
          <CardDescription>
            {partnerOwned
              ? 'People who may check cars in and out of this lot at /gate. This lot belongs to a partner: people added here join it as gate staff of this lot. They need an account first.'
              : 'People who may check cars in and out of this lot at /gate. They need an account first.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <GrantForm lotId={lotId} />
          {staff.isPending ? (
            <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading lot staff">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : staff.isError ? (
            <p className="text-sm text-destructive">{staff.error.message}</p>
          ) : staff.data.length === 0 ? (
            <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">No staff yet. Add someone by the e-mail of their account.</p>
          ) : (
            <ul className="divide-y divide-border rounded-md border border-border" aria-label="Staff of this lot">
              {staff.data.map((s) => (
                <li key={s.userId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5 text-sm">
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <span className="block font-medium">
                      {s.name}
                      {s.role && (
                        <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-normal text-muted-foreground">{`Partner ${PARTNER_ROLE_LABEL[s.role].toLowerCase()}`}</span>
                      )}
                    </span>
                    <span className="block text-muted-foreground">{`${s.email} · added ${formatLongDate(s.grantedAt)}`}</span>
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                    loading={removing === s.userId}
                    disabled={removing !== null}
                    aria-label={`Remove ${s.email} from this lot's staff`}
                    onClick={() => void remove(s.userId, s.email)}
                  >
                    {removing !== s.userId && <UserMinus className="size-4" aria-hidden="true" />} Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <AuditList entity="lot_staff" entityId={lotId} title="Staff changes" description="Who was added to or removed from this lot's gate, by whom and when." />
    </div>
  );
}

function GrantForm({ lotId }: { lotId: number }) {
  const trpc = useTRPC();
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const grant = useMutation(trpc.adminStaff.grant.mutationOptions());

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZGrantStaffInput.safeParse({ lotId, email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid email address');
      return;
    }
    setError(null);
    try {
      const added = await grant.mutateAsync(parsed.data);
      await Promise.all([queryClient.invalidateQueries(trpc.adminStaff.list.queryFilter({ lotId })), queryClient.invalidateQueries(trpc.adminCatalogue.audit.queryFilter())]);
      setEmail('');
      toast({ title: 'Staff added', description: `${added.email} can now work this lot's gate.`, variant: 'success' });
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-1.5">
      <Label htmlFor={`${id}-email`}>Add staff by e-mail</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-email`}
          type="email"
          value={email}
          onChange={(e) => (setEmail(e.target.value), setError(null))}
          placeholder="name@example.com"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" loading={grant.isPending} className="sm:w-auto">
          {!grant.isPending && <UserPlus className="size-4" aria-hidden="true" />} Add staff
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
