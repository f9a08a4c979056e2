// The site header: brand, the spec's navigation (How it Works, Locations, Blog, Support), sign-in or the
// user menu, and a mobile menu that mirrors it.
import { Menu, X } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { DialogLoading } from '@/client/components/ui/dialog-loading';
import { Skeleton } from '@/client/components/ui/skeleton';
import { prefetchAuthDialog, useAuthDialog } from '@/client/features/auth/auth-dialog';
import { accountLinks, Avatar, useIsCurrent, useSignOutAction } from '@/client/features/auth/account';
import { useSession } from '@/client/features/auth/use-session';
import { cn } from '@/client/lib/utils';
import { useConfig } from '@/client/lib/use-api';
import { BrandMark } from './brand-mark';
import { preloadable } from '@/client/lib/lazy';

// The menu and the support dialog (and the Radix code behind them) load when first needed.
const UserMenu = preloadable('user-menu', () => import('@/client/features/auth/user-menu'));
const SupportDialog = preloadable('support-dialog', () => import('./support-dialog'));

const NAV = [
  { href: '/how-it-works', label: 'How it Works' },
  { href: '/locations', label: 'Locations' },
  { href: '/blog', label: 'Blog' },
] as const;

export function SiteHeader() {
  const { brandName } = useConfig();
  const [pathname] = useLocation();
  const [open, setOpen] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);
  const [supportUsed, setSupportUsed] = useState(false);
  const openSupport = () => {
    setSupportUsed(true);
    setSupportOpen(true);
  };
  const { user, isLoading } = useSession();
  const { openAuth } = useAuthDialog();
  const signOut = useSignOutAction();
  const isCurrent = useIsCurrent();
  useEffect(() => setOpen(false), [pathname]);

  const isActive = (href: string) => pathname === href || pathname.startsWith(`${href}/`);

  return (
    <header className="sticky top-0 z-40 print:hidden border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 rounded-md font-semibold text-foreground" aria-label={`${brandName} home`}>
          <BrandMark className="size-8" />
          <span className="text-lg tracking-tight">{brandName}</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              aria-current={isActive(item.href) ? 'page' : undefined}
              className={cn(
                'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
                isActive(item.href) && 'text-foreground',
              )}
            >
              {item.label}
            </Link>
          ))}
          <Button variant="ghost" size="sm" className="text-muted-foreground" onClick={openSupport}>
            Support
          </Button>
          {user && (
            <div role="group" aria-label="Search or history" className="ml-2 flex rounded-md bg-muted p-0.5">
              {[
                { href: '/', label: 'Search' },
                { href: '/?view=history', label: 'History' },
              ].map((item) => (
                <Link
                  key={item.href}
                  href={item.href}
                  aria-current={isCurrent(item.href) ? 'page' : undefined}
                  className="rounded px-2.5 py-1 text-sm font-medium text-muted-foreground aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow-xs"
                >
                  {item.label}
                </Link>
              ))}
            </div>
          )}
          <div className="ml-2 flex h-9 min-w-9 items-center justify-end">
            {isLoading ? (
              <Skeleton className="size-9 rounded-full" />
            ) : user ? (
              <Suspense fallback={<Avatar user={user} />}>
                <UserMenu user={user} />
              </Suspense>
            ) : (
              <Button size="sm" onPointerEnter={prefetchAuthDialog} onFocus={prefetchAuthDialog} onClick={() => openAuth('login')}>
                Sign In
              </Button>
            )}
          </div>
        </nav>

        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X className="size-5" /> : <Menu className="size-5" />}
        </Button>
      </div>

      <nav id="mobile-menu" aria-label="Mobile" className={cn('border-t border-border bg-background px-4 pb-4 pt-2 md:hidden', !open && 'hidden')}>
        <ul className="flex flex-col gap-1">
          {NAV.map((item) => (
            <li key={item.href}>
              <Link href={item.href} aria-current={isActive(item.href) ? 'page' : undefined} className="block rounded-md px-3 py-2.5 text-base font-medium hover:bg-muted">
                {item.label}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="block w-full rounded-md px-3 py-2.5 text-left text-base font-medium hover:bg-muted"
              onClick={() => {
                setOpen(false);
                openSupport();
              }}
            >
              Support
            </button>
          </li>
        </ul>
        <div className="mt-2 border-t border-border pt-3">
          {user ? (
            <>
              <div className="flex items-center gap-3 px-3 pb-2">
                <Avatar user={user} />
                <div className="min-w-0">
                  <p className="font-semibold [overflow-wrap:anywhere]">{user.name}</p>
                  <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{user.email}</p>
                </div>
              </div>
              <ul className="flex flex-col gap-1">
                {accountLinks(user).map((item) => (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={isCurrent(item.href) ? 'page' : undefined}
                      className="flex items-center justify-between rounded-md px-3 py-2.5 text-base font-medium hover:bg-muted"
                    >
                      {item.label}
                      {isCurrent(item.href) && <span className="rounded bg-secondary px-1.5 py-0.5 text-xs font-medium text-secondary-foreground">Current</span>}
                    </Link>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    disabled={signOut.pending}
                    className="block w-full rounded-md px-3 py-2.5 text-left text-base font-medium text-destructive hover:bg-muted"
                    onClick={() => {
                      setOpen(false);
                      void signOut.run();
                    }}
                  >
                    Sign Out
                  </button>
                </li>
              </ul>
            </>
          ) : (
            !isLoading && (
              <Button
                className="w-full"
                onClick={() => {
                  setOpen(false);
                  openAuth('login');
                }}
              >
                Sign In
              </Button>
            )
          )}
        </div>
      </nav>
      {supportUsed && (
        <Suspense fallback={<DialogLoading />}>
          <SupportDialog open={supportOpen} onOpenChange={setSupportOpen} />
        </Suspense>
      )}
    </header>
  );
}
