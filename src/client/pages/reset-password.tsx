// /reset-password?token=…: chooses a new password with the e-mailed single-use link.
import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { useAuthDialog } from '@/client/features/auth/auth-dialog';
import { AuthPage, StatusPanel } from '@/client/features/auth/auth-page';
import { Field, fieldErrors, focusFirstInvalid } from '@/client/features/auth/form-field';
import { useTRPC } from '@/client/lib/trpc';
import { RESET_LINK_HOURS, SET_PASSWORD_LINK_DAYS } from '@/shared/constants';
import { ZResetPasswordInput } from '@/shared/schemas/auth';

export default function ResetPasswordPage() {
  const trpc = useTRPC();
  const search = new URLSearchParams(useSearch());
  const token = search.get('token') ?? '';
  // The link from a checkout or access-fee account ("set your password") lives longer than a reset link.
  const setting = search.get('purpose') === 'set';
  const lifetime = setting ? `${SET_PASSWORD_LINK_DAYS} days` : `${RESET_LINK_HOURS} hour${RESET_LINK_HOURS === 1 ? '' : 's'}`;
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const { openAuth } = useAuthDialog();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = ZResetPasswordInput.safeParse({ token, password: data.password });
    const found = fieldErrors(parsed) ?? {};
    if (!found.password && data.password !== data.confirm) found.confirm = 'Passwords do not match';
    setErrors(found);
    if (!parsed.success || found.confirm) return focusFirstInvalid(formRef.current);
    reset.mutate(parsed.data);
  }

  if (reset.isSuccess) {
    return (
      <AuthPage>
        <StatusPanel icon={<CircleCheck className="size-6" aria-hidden="true" />} title="Password updated">
          <p className="text-muted-foreground">Your password has been changed and every device was signed out. Sign in with your new password.</p>
          <Button className="w-full" onClick={() => openAuth('login')}>
            Sign In
          </Button>
        </StatusPanel>
      </AuthPage>
    );
  }

  return (
    <AuthPage>
      <div className="space-y-5">
        <div className="space-y-1.5 text-center">
          <h1 className="text-2xl font-bold tracking-tight">{setting ? 'Choose your password' : 'Choose a new password'}</h1>
          <p className="text-sm text-muted-foreground">{`Use at least 8 characters. This link works once and expires ${lifetime} after it was sent.`}</p>
        </div>
        {(reset.isError || !token) && (
          <div role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
            {reset.error?.message ?? 'This reset link is invalid or has expired.'}{' '}
            <Link href="/forgot-password" className="font-medium underline">
              Request a new link
            </Link>
          </div>
        )}
        <form ref={formRef} className="space-y-4" onSubmit={submit} noValidate>
          <Field label="New password" name="password" type="password" autoComplete="new-password" placeholder="At least 8 characters" error={errors.password} required />
          <Field label="Confirm new password" name="confirm" type="password" autoComplete="new-password" placeholder="Repeat the new password" error={errors.confirm} required />
          <Button type="submit" className="w-full" loading={reset.isPending} disabled={!token}>
            {reset.isPending ? 'Updating...' : 'Update password'}
          </Button>
        </form>
      </div>
    </AuthPage>
  );
}
