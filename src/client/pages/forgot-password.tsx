// /forgot-password: asks for the e-mail and sends a one-hour reset link.
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast';
import { AuthPage, StatusPanel } from '@/client/features/auth/auth-page';
import { Field, fieldErrors, focusFirstInvalid } from '@/client/features/auth/form-field';
import { useTRPC } from '@/client/lib/trpc';
import { ZForgotPasswordInput } from '@/shared/schemas/auth';

export default function ForgotPasswordPage() {
  const trpc = useTRPC();
  const forgot = useMutation(trpc.auth.forgotPassword.mutationOptions());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZForgotPasswordInput.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    setErrors(fieldErrors(parsed) ?? {});
    if (!parsed.success) return focusFirstInvalid(formRef.current);
    forgot.mutate(parsed.data, {
      onError: (err) => toast({ title: 'Could not send the link', description: err.message, variant: 'destructive' }),
    });
  }

  return (
    <AuthPage>
      {forgot.isSuccess ? (
        <StatusPanel icon={<MailCheck className="size-6" aria-hidden="true" />} title="Check your email">
          <p className="text-muted-foreground">{forgot.data.message}</p>
          <Button asChild variant="outline" className="w-full">
            <Link href="/">Back to home</Link>
          </Button>
        </StatusPanel>
      ) : (
        <div className="space-y-5">
          <div className="space-y-1.5 text-center">
            <h1 className="text-2xl font-bold tracking-tight">Forgot your password?</h1>
            <p className="text-sm text-muted-foreground">Enter the email of your account and we'll send you a link to choose a new one.</p>
          </div>
          <form ref={formRef} className="space-y-4" onSubmit={submit} noValidate>
            <Field label="Email" name="email" type="email" autoComplete="email" placeholder="Enter your email" error={errors.email} required />
            <Button type="submit" className="w-full" loading={forgot.isPending}>
              {forgot.isPending ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
          <p className="text-center text-sm">
            <Link href="/" className="font-medium text-primary hover:underline">
              Back to home
            </Link>
          </p>
        </div>
      )}
    </AuthPage>
  );
}
