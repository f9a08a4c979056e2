// Loader API in the browser: the same `trpc` options proxy, `fetch` and `prefetch` the server uses (there the
// proxy calls the router in-process), here over the HTTP client of <TRPCProvider>, filling the same cache
// under the same keys without shipping the server-side code to the browser.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { makeApi, useTRPC, type Api } from './trpc';

export function useApi(): Api {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMemo(() => makeApi(trpc, queryClient), [trpc, queryClient]);
}

/** The public configuration (brand, support contacts); prefetched on every server render. */
export function useConfig() {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.system.config.queryOptions());
  return (
    data ?? {
      brandName: 'ParkPilot',
      supportPhone: '',
      supportEmail: '',
      appUrl: '',
      stripePublishableKey: null,
      googleEnabled: false,
      appleWallet: false,
      googleWallet: false,
    }
  );
}
