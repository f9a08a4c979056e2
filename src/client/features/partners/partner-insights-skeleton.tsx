// The Insights tab's placeholder, the shape of the screen (tiles, then two chart cards), shown while its code
// (charts included: a chunk of its own) and its figures load. Kept apart so the portal shows it without the charts.
import { Card } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';

export function InsightsSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-busy="true" aria-label="Loading insights">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="space-y-2 p-4 last:col-span-2 sm:last:col-span-1">
            <Skeleton className="h-4 w-full max-w-32" />
            <Skeleton className="h-7 w-20" />
            <Skeleton className="h-3 w-full max-w-40" />
          </Card>
        ))}
      </div>
      {[0, 1].map((i) => (
        <Card key={i} className="space-y-4 p-6">
          <Skeleton className="h-6 w-56" />
          <Skeleton className="h-4 w-full max-w-md" />
          <Skeleton className="h-64 w-full" />
        </Card>
      ))}
    </div>
  );
}
