// Loader API in the browser: the same typed `fetch` helpers the server uses, backed by the HTTP client.
import { useQueryClient } from '@tanstack/react-query';
import { createServerSideHelpers } from '@trpc/react-query/server';
import { useMemo } from 'react';
import { trpc, type Api } from './trpc';

export function useApi(): Api {
  const queryClient = useQueryClient();
  const client = trpc.useUtils().client;
  return useMemo(() => createServerSideHelpers({ client, queryClient }), [client, queryClient]);
}

/** The public configuration (brand, support contacts); prefetched on every server render. */
export function useConfig() {
  const { data } = trpc.system.config.useQuery();
  return (
    data ?? {
      brandName: 'ParkPilot',
      supportPhone: '',
      supportEmail: '',
      appUrl: '',
      stripePublishableKey: null,
      googleEnabled: false,
    }
  );
}
