// /partner/invitation?token=… (pages/partner.tsx): the e-mailed link to join a partner. It says who invites whom, as what; a new
// e-mail creates its account here (name and password, checked with the shared schema) and is signed in; an
// existing account accepts once signed in as the invited e-mail. The server decides; its refusals are shown.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Handshake } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/toast';
import { useAuthDialog } from '@/client/features/auth/auth-dialog';
import { AuthPage, StatusPanel } from '@/client/features/auth/auth-page';
import { Field, fieldErrors } from '@/client/features/auth/form-field';
import { useSession, useSignOut } from '@/client/features/auth/use-session';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';
import { PARTNER_ROLE_LABEL, ZAcceptInvitation } from '@/shared/schemas/partners';

type Invitation = RouterOutputs['partner']['invitation'];
const INVALID = 'This invitation link is not valid.';
const ZNewAccount = ZAcceptInvitation.required({ name: true, password: true });

export default function PartnerInvitationPage() {
  const trpc = useTRPC();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const valid = token.trim().length >= 20;
  const info = useQuery(trpc.partner.invitation.queryOptions({ token }, { enabled: valid, retry: false, staleTime: 0 }));
  return (
    <AuthPage>
      {!valid || info.isError ? (
        <StatusPanel icon={<CircleAlert className="size-6 text-destructive" aria-hidden="true" />} title="This invitation cannot be used">
          <p className="text-muted-foreground">{valid ? info.error?.message : INVALID}</p>
          <p className="text-sm text-muted-foreground">Ask the person who invited you to send a new invitation.</p>
          <Button asChild variant="outline" className="w-full">
            <Link href="/">Go Home</Link>
          </Button>
        </StatusPanel>
      ) : !info.data ? (
        <div className="space-y-4" role="status" aria-label="Loading the invitation">
          <Skeleton className="mx-auto size-12 rounded-full" />
          <Skeleton className="mx-auto h-8 w-3/4" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : (
        <Invite token={token} invitation={info.data} />
      )}
    </AuthPage>
  );
}

function Invite({ token, invitation: inv }: { token: string; invitation: Invitation }) {
  const { user, isLoading } = useSession();
  const role = PARTNER_ROLE_LABEL[inv.role];
  const mine = user?.email.toLowerCase() === inv.email.toLowerCase();
  return (
    <div className="space-y-6">
      <div className="space-y-3 text-center">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
          <Handshake className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere]">{`Join ${inv.partner}`}</h1>
        <p className="text-muted-foreground">
          You are invited as <span className="font-medium text-foreground">{role}</span> with{' '}
          <span className="font-medium text-foreground [overflow-wrap:anywhere]">{inv.email}</span>.
        </p>
        <p className="text-xs text-muted-foreground">{`The link works once, until ${new Date(inv.expiresAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}.`}</p>
      </div>
      {isLoading ? (
        <Skeleton className="h-10 w-full" />
      ) : user && !mine ? (
        <WrongAccount signedInAs={user.email} invited={inv.email} accountExists={inv.accountExists} />
      ) : mine ? (
        <AcceptButton token={token} />
      ) : inv.accountExists ? (
        <SignInFirst email={inv.email} />
      ) : (
        <NewAccountForm token={token} email={inv.email} />
      )}
    </div>
  );
}

/** After joining: owners and managers to the portal, gate staff to the gate. */
function useAccepted() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async (accepted: RouterOutputs['partner']['acceptInvitation']) => {
    await queryClient.invalidateQueries();
    await queryClient.fetchQuery(trpc.auth.me.queryOptions());
    toast({ title: 'Invitation accepted', description: `Welcome aboard. You are now ${PARTNER_ROLE_LABEL[accepted.member.role]}.`, variant: 'success' });
    navigate(accepted.member.role === 'gate' ? '/gate' : `/partner?partner=${accepted.member.partnerId}`);
  };
}

function AcceptButton({ token }: { token: string }) {
  const trpc = useTRPC();
  const accept = useMutation(trpc.partner.acceptInvitation.mutationOptions());
  const done = useAccepted();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-3">
      {error && (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive">
          {error}
        </p>
      )}
      <Button
        className="w-full"
        loading={accept.isPending}
        onClick={() =>
          accept.mutate(
            { token },
            {
              onSuccess: (r) => void done(r),
              onError: (err) => setError(err.message),
            },
          )
        }
      >
        Accept invitation
      </Button>
    </div>
  );
}

function SignInFirst({ email }: { email: string }) {
  const { openAuth } = useAuthDialog();
  return (
    <div className="space-y-3 text-center">
      <p className="text-sm text-muted-foreground">{`An account with ${email} already exists. Sign in as ${email} to accept this invitation; you will come back here.`}</p>
      <Button className="w-full" onClick={() => openAuth('login')}>
        Sign In
      </Button>
    </div>
  );
}

function WrongAccount({ signedInAs, invited, accountExists }: { signedInAs: string; invited: string; accountExists: boolean }) {
  const signOut = useSignOut();
  const { openAuth } = useAuthDialog();
  return (
    <div className="space-y-3 text-center">
      <p role="alert" className="rounded-md border border-warning/30 bg-warning/10 p-3 text-sm [overflow-wrap:anywhere]">
        {`You are signed in as ${signedInAs}. This invitation is for ${invited}.`}
      </p>
      <p className="text-sm text-muted-foreground">{accountExists ? `Sign out, then sign in as ${invited} to accept it.` : `Sign out to create the account for ${invited}.`}</p>
      <Button
        className="w-full"
        loading={signOut.isPending}
        onClick={() =>
          signOut.mutate(undefined, {
            onSuccess: () => {
              if (accountExists) openAuth('login');
            },
          })
        }
      >
        {accountExists ? `Sign out and sign in as ${invited}` : 'Sign out'}
      </Button>
    </div>
  );
}

function NewAccountForm({ token, email }: { token: string; email: string }) {
  const trpc = useTRPC();
  const accept = useMutation(trpc.partner.acceptInvitation.mutationOptions());
  const done = useAccepted();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZNewAccount.safeParse({ token, name, password });
    const found = fieldErrors(parsed);
    setErrors(found ?? {});
    if (found || !parsed.success) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    accept.mutate(parsed.data, { onSuccess: (r) => void done(r), onError: (err) => setErrors({ form: err.message }) });
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-label="Create your account">
      <p className="text-sm text-muted-foreground">{`Create your account for ${email} to accept. The link proves your e-mail: no confirmation needed.`}</p>
      {errors.form && (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <Field label="Full name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint="At least 8 characters."
      />
      <Button type="submit" className="w-full" loading={accept.isPending}>
        Create account and accept
      </Button>
    </form>
  );
}
