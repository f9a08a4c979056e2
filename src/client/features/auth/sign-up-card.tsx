// The Create Account card (spec section 2): name, e-mail, password (show/hide), optional phone, Google.
import { track } from '@/client/lib/analytics';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast';
import { ZRegisterInput } from '@/shared/schemas/auth';
import { Field, fieldErrors, focusFirstInvalid } from './form-field';
import { GoogleOption } from './google-button';
import type { AuthCardProps } from './sign-in-card';
import { useSignUp } from './use-session';

export function SignUpCard({ onSuccess, onSwitch, titleAs = 'h2' }: AuthCardProps) {
  const signUp = useSignUp();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const Title = titleAs;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = ZRegisterInput.safeParse(data);
    setErrors(fieldErrors(parsed) ?? {});
    if (!parsed.success) return focusFirstInvalid(formRef.current);
    try {
      const user = await signUp.mutateAsync(parsed.data);
      track('sign_up');
      toast({ title: 'Account Created', description: 'Please check your email to verify your account.', variant: 'success' });
      onSuccess?.(user);
    } catch (err) {
      toast({ title: 'Registration Failed', description: (err as Error).message || 'Failed to create account', variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-5">
      <div className="space-y-1.5 text-center">
        <Title className="text-2xl font-bold tracking-tight">Create Account</Title>
        <p className="text-sm text-muted-foreground">Book parking in minutes and keep every reservation in one place.</p>
      </div>
      <GoogleOption label="Sign up with Google" />
      <form ref={formRef} className="space-y-4" onSubmit={submit} noValidate>
        <Field label="Full Name" name="name" autoComplete="name" placeholder="Enter your full name" error={errors.name} required />
        <Field label="Email" name="email" type="email" autoComplete="email" placeholder="Enter your email" error={errors.email} required />
        <Field label="Password" name="password" type="password" autoComplete="new-password" placeholder="Create a password (min. 8 characters)" error={errors.password} required />
        <Field label="Phone Number (Optional)" name="phone" type="tel" autoComplete="tel" placeholder="e.g. (555) 123-4567" error={errors.phone} />
        <Button type="submit" className="w-full" loading={signUp.isPending}>
          {signUp.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      {onSwitch && (
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{' '}
          <button type="button" className="font-medium text-primary hover:underline" onClick={onSwitch}>
            Sign in
          </button>
        </p>
      )}
    </div>
  );
}
