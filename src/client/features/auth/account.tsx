// The signed-in traveller's account links, avatar and sign-out action, shared by the header's menu
// (loaded on demand) and the mobile navigation.
import { CreditCard, History, ScanLine, Search, Settings, Shield } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '@/client/components/ui/toast';
import { cn } from '@/client/lib/utils';
import { initials, useSignOut, type SessionUser } from './use-session';
import { formatMonthYear } from '@/shared/format';

export function accountLinks(user: SessionUser) {
  return [
    { href: '/', label: 'Search Parking', icon: Search },
    { href: '/?view=history', label: 'Booking History', icon: History },
    { href: '/account-settings', label: 'Account Settings', icon: Settings },
    { href: '/payment-methods', label: 'Payment Methods', icon: CreditCard },
    // The portal reuses the back office's icon: a new one would grow every page's first-visit script.
    ...(user.partnerRole === 'owner' || user.partnerRole === 'manager' ? [{ href: '/partner', label: 'Partner portal', icon: Shield }] : []),
    ...(user.isStaff || user.role === 'admin' ? [{ href: '/gate', label: 'Gate Check-in', icon: ScanLine }] : []),
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
  return formatMonthYear(date);
}

export function Avatar({ user, className }: { user: SessionUser; className?: string }) {
  return (
    <span aria-hidden="true" className={cn('flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground', className)}>
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
