// Recent searches (spec section 2): a sign-in prompt when signed out, the user's last searches otherwise.
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useAuthDialog } from '@/client/features/auth/auth-dialog';
import { useSession } from '@/client/features/auth/use-session';
import { useTRPC } from '@/client/lib/trpc';
import { formatShortRange } from '@/shared/format';
import { earliestArrivalDay } from '@/shared/search-options';

/** Minutes under 60, hours under 1440 minutes, then days (spec section 9). */
export function relativeTime(date: Date | string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(date).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  if (minutes < 1440) {
    const hours = Math.floor(minutes / 60);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  const days = Math.floor(minutes / 1440);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

export function RecentSearches({ onPick }: { onPick: (search: { location: string; arrivalDate?: string; departureDate?: string }) => void }) {
  const trpc = useTRPC();
  const { user } = useSession();
  const { openAuth } = useAuthDialog();
  const history = useQuery(trpc.search.history.queryOptions(undefined, { enabled: Boolean(user) }));

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <History className="size-4 text-muted-foreground" aria-hidden="true" /> Recent searches
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!user ? (
          <div className="space-y-3 text-sm">
            <p className="text-muted-foreground">Sign in to keep your recent searches and bookings in one place.</p>
            <Button size="sm" variant="outline" onClick={() => openAuth('login')}>
              Sign In
            </Button>
          </div>
        ) : !history.data ? (
          <div className="space-y-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No recent searches yet...</p>
        ) : (
          <ul className="-mx-2 space-y-1">
            {history.data.slice(0, 6).map((item) => {
              // A stay already begun is searched again with fresh dates (a past arrival cannot be searched).
              const current = item.arrivalDate && item.departureDate && item.arrivalDate.slice(0, 10) >= earliestArrivalDay();
              const dates = item.arrivalDate && item.departureDate ? formatShortRange(item.arrivalDate, item.departureDate) : null;
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() =>
                      onPick(current ? { location: item.searchTerm, arrivalDate: item.arrivalDate!, departureDate: item.departureDate! } : { location: item.searchTerm })
                    }
                    className="flex w-full items-center justify-between gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-muted"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{item.location}</span>
                      <span className="block text-muted-foreground">
                        {dates ? `${dates} · ` : ''}
                        {`${item.resultCount} ${item.resultCount === 1 ? 'result' : 'results'}`}
                      </span>
                    </span>
                    <span className="shrink-0 text-xs text-muted-foreground">{relativeTime(item.searchedAt)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
