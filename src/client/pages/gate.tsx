// /gate: lot staff check cars in and out. Signed out: a sign-in prompt; signed in without a lot: told so;
// staff (and administrators, who work every lot): the gate desk. Access is enforced on the server.
import { useQuery } from '@tanstack/react-query';
import { Lock, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useAuthDialog } from '@/client/features/auth/auth-dialog';
import { useSession } from '@/client/features/auth/use-session';
import { GateDesk } from '@/client/features/gate/gate-desk';
import { useTRPC } from '@/client/lib/trpc';

export default function GatePage() {
  const { user, isLoading } = useSession();
  const mayWork = Boolean(user && (user.isStaff || user.role === 'admin'));
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Gate check-in</h1>
      <p className="mt-1 text-muted-foreground">Scan the parking pass or type its confirmation number.</p>
      <div className="mt-6">{isLoading ? <Loading /> : !user ? <SignedOut /> : mayWork ? <StaffGate /> : <NotStaff />}</div>
    </div>
  );
}

function StaffGate() {
  const trpc = useTRPC();
  const lots = useQuery(trpc.gate.lots.queryOptions(undefined, { staleTime: 0 }));
  if (lots.isPending) return <Loading />;
  if (lots.isError) return lots.error.data?.code === 'FORBIDDEN' ? <NotStaff /> : <Problem message={lots.error.message} retry={() => void lots.refetch()} />;
  if (lots.data.length === 0) return <NotStaff />;
  return <GateDesk lots={lots.data} />;
}

function Loading() {
  return (
    <div className="grid gap-6 lg:grid-cols-2" role="status" aria-busy="true" aria-label="Loading the gate">
      <Skeleton className="h-72 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

function SignedOut() {
  const { openAuth } = useAuthDialog();
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-3 p-8 text-center sm:p-10">
      <Lock className="size-8 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">Sign in to work the gate</h2>
      <p className="text-muted-foreground">The gate is for lot staff. Sign in with the account your administrator added to your lot.</p>
      <Button onClick={() => openAuth('login')}>Sign In</Button>
    </Card>
  );
}

function NotStaff() {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-3 p-8 text-center sm:p-10">
      <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
      <h2 className="text-lg font-semibold">You are not lot staff</h2>
      <p className="text-muted-foreground">This account does not work any lot's gate. Ask your administrator to add you to your lot, then reload this page.</p>
      <Button asChild variant="outline">
        <Link href="/">Back to search</Link>
      </Button>
    </Card>
  );
}

function Problem({ message, retry }: { message: string; retry: () => void }) {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-3 p-8 text-center">
      <h2 className="text-lg font-semibold">The gate could not load</h2>
      <p className="text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={retry}>
        Try again
      </Button>
    </Card>
  );
}
