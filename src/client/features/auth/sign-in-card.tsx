// The Sign-in card (spec section 2): Google, e-mail and password with show/hide, pending label, switch link.
import { useRef, useState, type ElementType, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast';
import { useConfig } from '@/client/lib/use-api';
import { ZLoginInput } from '@/shared/schemas/auth';
import { Field, fieldErrors, focusFirstInvalid } from './form-field';
import { GoogleOption } from './google-button';
import { useSignIn, type SessionUser } from './use-session';

export interface AuthCardProps {
  onSuccess?: (user: SessionUser) => void;
  /** When given, a link switches to the other card. */
  onSwitch?: () => void;
  /** The title element: h1 on its own page, the dialog's title inside the auth dialog. */
  titleAs?: ElementType;
  /** Called when a link navigates away (to close a dialog). */
  onNavigate?: () => void;
}

export function SignInCard({ onSuccess, onSwitch, titleAs = 'h2', onNavigate }: AuthCardProps) {
  const { brandName } = useConfig();
  const signIn = useSignIn();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const Title = titleAs;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = ZLoginInput.safeParse(data);
    const found = fieldErrors(parsed);
    setErrors(found ?? {});
    if (!parsed.success) return focusFirstInvalid(formRef.current);
    try {
      const user = await signIn.mutateAsync(parsed.data);
      toast({ title: 'Success', description: 'Logged in successfully!', variant: 'success' });
      onSuccess?.(user);
    } catch (err) {
      toast({ title: 'Login Failed', description: (err as Error).message || 'Invalid email or password', variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-5">
      <div className="space-y-1.5 text-center">
        <Title className="text-2xl font-bold tracking-tight">Welcome Back</Title>
        <p className="text-sm text-muted-foreground">{`Sign in to your ${brandName} account`}</p>
      </div>
      <GoogleOption label="Sign in with Google" />
      <form ref={formRef} className="space-y-4" onSubmit={submit} noValidate>
        <Field label="Email" name="email" type="email" autoComplete="email" placeholder="Enter your email" error={errors.email} required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" placeholder="Enter your password" error={errors.password} required />
        <div className="flex justify-end">
          <Link href="/forgot-password" className="text-sm font-medium text-primary hover:underline" onClick={onNavigate}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={signIn.isPending}>
          {signIn.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      {onSwitch && (
        <p className="text-center text-sm text-muted-foreground">
          Don't have an account?{' '}
          <button type="button" className="font-medium text-primary hover:underline" onClick={onSwitch}>
            Sign up
          </button>
        </p>
      )}
    </div>
  );
}
