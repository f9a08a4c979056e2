// When a stay picked by its dates starts at the lot, for pages that quote it before checkout (the lot's page):
// shared/stay-times.ts's default (10:00, or on the lot's today the next bookable half hour). It depends on the
// clock, so it is worked out after hydration: null until then (cached pages render the same for everyone).
import { useEffect, useState } from 'react';
import { defaultArrival } from '@/shared/stay-times';

export function useStayStart(arrival: string, zone: string): string | null {
  const [start, setStart] = useState<string | null>(null);
  useEffect(() => setStart(defaultArrival(arrival, zone, Date.now())), [arrival, zone]);
  return start;
}
