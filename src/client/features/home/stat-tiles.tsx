// The home page's tiles: how many lots, airports and cruise ports can be compared, counted from the catalogue
// (catalogue.stats, prefetched with the page), and the flat fee. No figure here is written by hand. Text only:
// icons here would add to the home page's first download.
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { formatCount } from '@/shared/format';
import { SERVICE_FEE_TEXT } from '@/shared/fee-text';

const noun = (n: number, one: string, many: string) => `${formatCount(n)}|${n === 1 ? one : many}`;

export function StatTiles({ className }: { className?: string }) {
  const trpc = useTRPC();
  const stats = useQuery(trpc.catalogue.stats.queryOptions()).data;
  if (!stats) return null;
  const tiles = [
    noun(stats.providers, 'parking lot to compare', 'parking lots to compare'),
    noun(stats.airports, 'airport', 'airports'),
    noun(stats.cruisePorts, 'cruise port', 'cruise ports'),
    `${SERVICE_FEE_TEXT}|flat booking fee`,
  ].map((t) => t.split('|') as [string, string]);
  return (
    <ul className={cn('grid grid-cols-2 gap-3 lg:grid-cols-4', className)} aria-label="What you can compare">
      {tiles.map(([value, label]) => (
        <li key={label} className="rounded-lg border border-border border-l-4 border-l-primary bg-background px-4 py-3">
          <span className="block text-2xl font-bold leading-8 tracking-tight">{value}</span>
          <span className="text-sm text-muted-foreground">{label}</span>
        </li>
      ))}
    </ul>
  );
}
