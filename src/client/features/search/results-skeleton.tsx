// The results' loading state: the heading and three lot cards' outlines.
import { Skeleton } from '@/client/components/ui/skeleton';

export function ResultsSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading parking options">
      <Skeleton className="h-8 w-2/3" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-56 w-full sm:h-48" />
      ))}
    </div>
  );
}
