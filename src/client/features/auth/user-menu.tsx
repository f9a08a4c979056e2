// The header's user menu (spec section 2): initials avatar, who is signed in, the account pages with a
// 'Current' marker, Admin Panel for the administrator only, and Sign Out. Loaded on demand by the header.
import { LogOut } from 'lucide-react';
import { Link } from 'wouter';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/client/components/ui/dropdown-menu';
import { accountLinks, Avatar, memberSince, useIsCurrent, useSignOutAction } from './account';
import type { SessionUser } from './use-session';

export default function UserMenu({ user }: { user: SessionUser }) {
  const isCurrent = useIsCurrent();
  const signOut = useSignOutAction();
  const place = [user.city, user.state].filter(Boolean).join(', ');

  return (
    <DropdownMenu>
      <DropdownMenuTrigger aria-label="Account menu" className="rounded-full focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2">
        <Avatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel className="space-y-0.5 py-2 font-normal">
          <p className="font-semibold text-foreground [overflow-wrap:anywhere]">{user.name}</p>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{user.email}</p>
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
