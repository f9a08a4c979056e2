// The header's user menu (spec section 2): initials avatar, who is signed in, the account pages with a
// 'Current' marker, Admin Panel for the administrator only, and Sign Out.
import { CreditCard, History, LogOut, Search, Settings, Shield } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { toast } from '@/client/components/ui/toast';
import { cn } from '@/client/lib/utils';
import { initials, useSignOut, type SessionUser } from './use-session';

export function accountLinks(user: SessionUser) {
  return [
    { href: '/', label: 'Search Parking', icon: Search },
    { href: '/?view=history', label: 'Booking History', icon: History },
    { href: '/account-settings', label: 'Account Settings', icon: Settings },
    { href: '/payment-methods', label: 'Payment Methods', icon: CreditCard },
    ...(user.role === 'admin' ? [{ href: '/admin', label: 'Admin Panel', icon: Shield }] : []),
  ];
}

/** Whether a menu link is the current screen: the home page's two views differ only by ?view=history. */
export function useIsCurrent() {
  const [pathname] = useLocation();
  const history = new URLSearchParams(useSearch()).get('view') === 'history';
  return (href: string) => {
    if (href === '/?view=history') return pathname === '/' && history;
    if (href === '/') return pathname === '/' && !history;
    return pathname === href;
  };
}

export function memberSince(date: Date | string): string {
  return new Date(date).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export function Avatar({ user, className }: { user: SessionUser; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground', className)}
    >
      {initials(user.name)}
    </span>
  );
}

/** Signs out with the spec's toasts, then goes home. */
export function useSignOutAction() {
  const signOut = useSignOut();
  const [, navigate] = useLocation();
  return {
    pending: signOut.isPending,
    run: async () => {
      try {
        await signOut.mutateAsync();
        toast({ title: 'Success', description: 'Logged out successfully!', variant: 'success' });
        navigate('/');
      } catch (err) {
        toast({ title: 'Error', description: (err as Error).message || 'Failed to logout', variant: 'destructive' });
      }
    },
  };
}

export function UserMenu({ user }: { user: SessionUser }) {
  const isCurrent = useIsCurrent();
  const signOut = useSignOutAction();
  const place = [user.city, user.state].filter(Boolean).join(', ');

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="rounded-full focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <Avatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel className="space-y-0.5 py-2 font-normal">
          <p className="truncate font-semibold text-foreground">{user.name}</p>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
          {user.phone && <p className="text-sm text-muted-foreground">{user.phone}</p>}
          {place && <p className="text-sm text-muted-foreground">{place}</p>}
          <p className="pt-1 text-xs text-muted-foreground">{`Member since ${memberSince(user.createdAt)}`}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {accountLinks(user).map(({ href, label, icon: Icon }) => {
          const current = isCurrent(href);
          return (
            <DropdownMenuItem key={href} asChild>
              <Link href={href} aria-current={current ? 'page' : undefined}>
                <Icon className="size-4" aria-hidden="true" />
                <span className="flex-1">{label}</span>
                {current && <span className="rounded bg-secondary px-1.5 py-0.5 text-xs font-medium text-secondary-foreground">Current</span>}
              </Link>
            </DropdownMenuItem>
          );
        })}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" disabled={signOut.pending} onSelect={() => void signOut.run()}>
          <LogOut className="size-4" aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
