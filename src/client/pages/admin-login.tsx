// /admin/login: the administrator's sign-in (e-mail and password), then the dashboard after 1 s.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { toast } from '@/client/components/ui/toast';
import { Field } from '@/client/features/auth/form-field';
import { useTRPC } from '@/client/lib/trpc';
import { isAdminHost } from '@/client/routes';

export default function AdminLoginPage() {
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const login = useMutation(trpc.auth.login.mutationOptions());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast({ title: 'Missing Information', description: 'Please enter both email and password', variant: 'destructive' });
      return;
    }
    try {
      await login.mutateAsync({ email, password });
      await queryClient.invalidateQueries(trpc.auth.me.queryFilter());
      toast({ title: 'Login Successful', description: 'Opening the admin dashboard…', variant: 'success' });
      setTimeout(() => navigate(isAdminHost(window.location.hostname) ? '/' : '/admin'), 1000);
    } catch (err) {
      toast({ title: 'Login Failed', description: (err as Error).message || 'Invalid credentials', variant: 'destructive' });
    }
  }

  return (
    <div className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center px-4 py-12">
      <Card className="p-6 sm:p-8">
        <ShieldCheck className="size-9 text-primary" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold tracking-tight">Admin sign in</h1>
        <p className="mt-1 text-sm text-muted-foreground">For authorized personnel only.</p>
        <form onSubmit={submit} noValidate className="mt-6 space-y-4">
          <Field label="Email" name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Field label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button type="submit" className="w-full" loading={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
      </Card>
      <Link href="/" className="mt-6 inline-flex items-center justify-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to the main site
      </Link>
    </div>
  );
}
