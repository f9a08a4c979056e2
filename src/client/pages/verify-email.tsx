// /verify-email?token=…: confirms the address from the e-mailed link.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/toast';
import { AuthPage, StatusPanel } from '@/client/features/auth/auth-page';
import { useSession } from '@/client/features/auth/use-session';
import { useTRPC } from '@/client/lib/trpc';

export default function VerifyEmailPage() {
  const trpc = useTRPC();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const queryClient = useQueryClient();
  const verify = useMutation(trpc.auth.verifyEmail.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.auth.me.queryFilter()) }));
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions());
  const { user } = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  return (
    <AuthPage>
      {verify.isSuccess ? (
        <StatusPanel icon={<CircleCheck className="size-6" aria-hidden="true" />} title="Email verified">
          <p className="text-muted-foreground">{`Thanks! ${verify.data.email} is confirmed. Booking confirmations and receipts will arrive there.`}</p>
          <Button asChild className="w-full">
            <Link href="/">Continue to home</Link>
          </Button>
        </StatusPanel>
      ) : verify.isError ? (
        <StatusPanel icon={<CircleAlert className="size-6 text-destructive" aria-hidden="true" />} title="We couldn't verify your email">
          <p className="text-muted-foreground">{verify.error.message}</p>
          {user && !user.emailVerified ? (
            <Button
              className="w-full"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: () => toast({ title: 'Verification email sent', description: `Check ${user.email} for a new link.`, variant: 'success' }),
                  onError: (err) => toast({ title: 'Could not send the email', description: err.message, variant: 'destructive' }),
                })
              }
            >
              Send a new link
            </Button>
          ) : (
            <Button asChild variant="outline" className="w-full">
              <Link href="/">Go Home</Link>
            </Button>
          )}
        </StatusPanel>
      ) : (
        <div className="flex flex-col items-center gap-3 py-6 text-muted-foreground">
          <Spinner label="Verifying your email" />
          <p>Verifying your email…</p>
        </div>
      )}
    </AuthPage>
  );
}
