// /account-settings: profile, security (password), notifications (saved on the server) and billing tabs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCESS_FEE_TEXT } from '@/shared/pricing';
import { ArrowLeft, Bell, CreditCard, MailWarning, Shield, User } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { toast } from '@/client/components/ui/toast';
import { useAuthDialog } from '@/client/features/auth/auth-dialog';
import { Field, fieldErrors, focusFirstInvalid } from '@/client/features/auth/form-field';
import { useSession, type SessionUser } from '@/client/features/auth/use-session';
import { useTRPC } from '@/client/lib/trpc';
import { formatPrice } from '@/shared/pricing';
import { ZChangePasswordInput, ZPreferencesInput, ZUpdateProfileInput } from '@/shared/schemas/auth';

const TABS = [
  { id: 'profile', label: 'Profile', icon: User },
  { id: 'security', label: 'Security', icon: Shield },
  { id: 'notifications', label: 'Notifications', icon: Bell },
  { id: 'billing', label: 'Billing', icon: CreditCard },
] as const;
type TabId = (typeof TABS)[number]['id'];

export default function AccountSettingsPage() {
  const { user, isLoading } = useSession();
  const search = useSearch();
  const [location] = useLocation();
  const requested = new URLSearchParams(search).get('tab');
  const [tab, setTab] = useState<TabId>(TABS.some((t) => t.id === requested) ? (requested as TabId) : 'profile');

  const changeTab = (value: string) => {
    setTab(value as TabId);
    window.history.replaceState(window.history.state, '', value === 'profile' ? location : `${location}?tab=${value}`);
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <Link href="/" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to home
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Account Settings</h1>
      {isLoading ? (
        <div className="mt-6 space-y-4" role="status" aria-busy="true" aria-label="Loading account">
          <Skeleton className="h-10 w-full max-w-md" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : !user ? (
        <SignedOut />
      ) : (
        <>
          <p className="mt-1 text-muted-foreground">Manage your profile, password, notifications and credits.</p>
          <Tabs value={tab} onValueChange={changeTab} className="mt-6">
            <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:w-auto">
              {TABS.map(({ id, label, icon: Icon }) => (
                <TabsTrigger key={id} value={id} className="gap-1.5">
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="profile" className="mt-6">
              <ProfileTab user={user} />
            </TabsContent>
            <TabsContent value="security" className="mt-6">
              <SecurityTab user={user} />
            </TabsContent>
            <TabsContent value="notifications" className="mt-6">
              <NotificationsTab />
            </TabsContent>
            <TabsContent value="billing" className="mt-6">
              <BillingTab />
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}

function SignedOut() {
  const { openAuth } = useAuthDialog();
  return (
    <Card className="mt-6">
      <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
        <p className="text-lg">Please log in to access account settings.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => openAuth('login')}>Sign In</Button>
          <Button asChild variant="outline">
            <Link href="/">Go Home</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function ProfileTab({ user }: { user: SessionUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.profile.update.mutationOptions({ onSuccess: (u) => queryClient.setQueryData(trpc.auth.me.queryKey(), u) }));
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  // Changing the e-mail moves the account: it needs the current password (the old address is told).
  const [email, setEmail] = useState(user.email);
  const emailChanging = email.trim().toLowerCase() !== user.email;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { currentPassword, ...data } = Object.fromEntries(new FormData(form)) as Record<string, string>;
    // Cleared optional fields are sent as null so they are removed, not ignored.
    const body: Record<string, unknown> = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, k === 'name' || k === 'email' ? v : v.trim() || null]));
    if (emailChanging) body.currentPassword = currentPassword ?? '';
    const parsed = ZUpdateProfileInput.safeParse(body);
    const problems = fieldErrors(parsed) ?? {};
    if (emailChanging && user.hasPassword && !currentPassword) problems.currentPassword = 'Enter your current password to change your email.';
    setErrors(problems);
    if (!parsed.success || Object.keys(problems).length) return focusFirstInvalid(formRef.current);
    update.mutate(parsed.data, {
      onSuccess: () => {
        const passwordField = form.elements.namedItem('currentPassword') as HTMLInputElement | null;
        if (passwordField) passwordField.value = '';
        toast({ title: 'Profile Updated', description: 'Your profile information has been successfully updated.', variant: 'success' });
      },
      onError: (err) => {
        if (/password/i.test(err.message)) setErrors({ currentPassword: err.message });
        toast({ title: 'Update Failed', description: err.message || 'Failed to update profile', variant: 'destructive' });
      },
    });
  }

  return (
    <div className="space-y-4">
      {!user.emailVerified && (
        <div className="flex flex-col gap-3 rounded-lg border border-accent/40 bg-accent/10 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-2 text-sm">
            <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {`Your email ${user.email} is not verified yet. Verify it to receive booking confirmations.`}
          </p>
          <Button
            size="sm"
            variant="outline"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: () => toast({ title: 'Verification email sent', description: `Check ${user.email} for the link.`, variant: 'success' }),
                onError: (err) => toast({ title: 'Could not send the email', description: err.message, variant: 'destructive' }),
              })
            }
          >
            Resend verification email
          </Button>
        </div>
      )}
      <Section title="Profile" description="Your contact details prefill every booking.">
        <form ref={formRef} key={user.id} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label="Full Name" name="name" autoComplete="name" defaultValue={user.name} error={errors.name} required />
          <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={user.email} error={errors.email} required onChange={(e) => setEmail(e.target.value)} />
          {emailChanging && (
            <div className="sm:col-span-2">
              {user.hasPassword ? (
                <Field
                  label="Current password"
                  name="currentPassword"
                  type="password"
                  autoComplete="current-password"
                  error={errors.currentPassword}
                  hint={`Needed to change your email. We will also let ${user.email} know.`}
                  required
                />
              ) : (
                <p className="rounded-md border border-border bg-muted/40 p-3 text-sm text-muted-foreground" role="note">
                  Your account signs in with Google. To change its email, first set a password with “Forgot password?” on the sign-in form.
                </p>
              )}
            </div>
          )}
          <Field label="Phone Number" name="phone" type="tel" autoComplete="tel" defaultValue={user.phone ?? ''} error={errors.phone} />
          <Field label="Address" name="address" autoComplete="address-line1" defaultValue={user.address ?? ''} error={errors.address} />
          <Field label="City" name="city" autoComplete="address-level2" defaultValue={user.city ?? ''} error={errors.city} />
          <div className="grid grid-cols-2 gap-4">
            <Field label="State" name="state" autoComplete="address-level1" defaultValue={user.state ?? ''} error={errors.state} />
            <Field label="ZIP Code" name="zipCode" autoComplete="postal-code" inputMode="numeric" defaultValue={user.zipCode ?? ''} error={errors.zipCode} />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" loading={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </Section>
    </div>
  );
}

function SecurityTab({ user }: { user: SessionUser }) {
  const trpc = useTRPC();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ZChangePasswordInput.safeParse(Object.fromEntries(new FormData(form)));
    setErrors(fieldErrors(parsed) ?? {});
    if (!parsed.success) return focusFirstInvalid(formRef.current);
    change.mutate(parsed.data, {
      onSuccess: () => {
        form.reset();
        toast({ title: 'Password Changed', description: 'Your password has been successfully updated.', variant: 'success' });
      },
      onError: (err) => toast({ title: 'Password Change Failed', description: err.message || 'Failed to change password', variant: 'destructive' }),
    });
  }

  if (!user.hasPassword) {
    return (
      <Section title="Password" description="You sign in with Google.">
        <p className="text-sm text-muted-foreground">
          To also sign in with an email and password, use{' '}
          <Link href="/forgot-password" className="font-medium text-primary hover:underline">
            Forgot password
          </Link>{' '}
          to set one.
        </p>
      </Section>
    );
  }
  return (
    <Section title="Change Password" description="Changing your password signs you out on every other device.">
      <form ref={formRef} onSubmit={submit} noValidate className="max-w-md space-y-4">
        <Field label="Current Password" name="currentPassword" type="password" autoComplete="current-password" error={errors.currentPassword} required />
        <Field label="New Password" name="newPassword" type="password" autoComplete="new-password" hint="At least 8 characters." error={errors.newPassword} required />
        <Button type="submit" loading={change.isPending}>
          {change.isPending ? 'Updating...' : 'Update Password'}
        </Button>
      </form>
    </Section>
  );
}

const NOTIFICATIONS = [
  {
    key: 'emailNotifications',
    label: 'Email trip reminders',
    description: 'The day before you arrive and on your departure day. Booking confirmations, changes and receipts are always sent.',
  },
  { key: 'smsNotifications', label: 'SMS notifications', description: 'Arrival reminders and shuttle updates by text.' },
  { key: 'marketingEmails', label: 'Marketing emails', description: 'Deals and parking tips, at most twice a month.' },
] as const;

function NotificationsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const prefs = useQuery(trpc.profile.preferences.queryOptions());
  const save = useMutation(trpc.profile.updatePreferences.mutationOptions({ onSuccess: (p) => queryClient.setQueryData(trpc.profile.preferences.queryKey(), p) }));
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (!prefs.data) return <Skeleton className="h-72 w-full" />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string | undefined>;
    const body = {
      ...Object.fromEntries(NOTIFICATIONS.map(({ key }) => [key, data[key] === 'on'])),
      vehicleMake: data.vehicleMake?.trim() || null,
      vehicleModel: data.vehicleModel?.trim() || null,
      licensePlate: data.licensePlate?.trim().toUpperCase() || null,
    };
    const parsed = ZPreferencesInput.safeParse(body);
    setErrors(fieldErrors(parsed) ?? {});
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Preferences Saved', description: 'Your notification and vehicle preferences were updated.', variant: 'success' }),
      onError: (err) => toast({ title: 'Update Failed', description: err.message || 'Failed to save preferences', variant: 'destructive' }),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Section title="Notifications" description="Choose how we keep you posted.">
        <fieldset className="space-y-3">
          <legend className="sr-only">Notifications</legend>
          {NOTIFICATIONS.map(({ key, label, description }) => (
            <label key={key} className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 hover:bg-muted/50">
              <input type="checkbox" name={key} defaultChecked={prefs.data[key] === 1} className="mt-1 size-4 accent-primary" />
              <span>
                <span className="block text-sm font-medium">{label}</span>
                <span className="block text-sm text-muted-foreground">{description}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </Section>
      <Section title="Vehicle" description="Prefills the vehicle details of your bookings.">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Make" name="vehicleMake" placeholder="e.g. Toyota" defaultValue={prefs.data.vehicleMake ?? ''} error={errors.vehicleMake} />
          <Field label="Model" name="vehicleModel" placeholder="e.g. Camry" defaultValue={prefs.data.vehicleModel ?? ''} error={errors.vehicleModel} />
          <Field label="License Plate" name="licensePlate" placeholder="e.g. 7ABC123" defaultValue={prefs.data.licensePlate ?? ''} error={errors.licensePlate} />
        </div>
      </Section>
      <Button type="submit" loading={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Preferences'}
      </Button>
    </form>
  );
}

function BillingTab() {
  const trpc = useTRPC();
  const credits = useQuery(trpc.profile.credits.queryOptions());
  return (
    <Section title="Billing" description="Credits are applied to your next booking automatically.">
      {!credits.data ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <div className="space-y-6">
          <div className="rounded-lg bg-secondary p-5">
            <p className="text-sm text-muted-foreground">Credit balance</p>
            <p className="mt-1 text-3xl font-bold tracking-tight">{formatPrice(credits.data.balance)}</p>
          </div>
          {credits.data.history.length === 0 ? (
            <p className="text-sm text-muted-foreground">{`No credits yet. The ${ACCESS_FEE_TEXT} detail-access fee is credited back here when you book.`}</p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border text-sm">
              {credits.data.history.map((c) => (
                <li key={c.id} className="flex items-center justify-between gap-4 p-3">
                  <span>
                    <span className="block font-medium">{c.description ?? c.type}</span>
                    <span className="text-muted-foreground">{new Date(c.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</span>
                  </span>
                  <span className={c.amount >= 0 ? 'font-medium text-success' : 'font-medium'}>{formatPrice(c.amount)}</span>
                </li>
              ))}
            </ul>
          )}
          <Button asChild variant="outline">
            <Link href="/payment-methods">Manage payment methods</Link>
          </Button>
        </div>
      )}
    </Section>
  );
}
