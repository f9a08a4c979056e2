// Loader API in the browser: the same typed `fetch` and `prefetch` helpers the server uses (there from
// createServerSideHelpers), here tRPC's query utilities over the HTTP client, which fill the same cache
// under the same keys without shipping the server-side helper code to the browser.
import { trpc, type Api } from './trpc';

export function useApi(): Api {
  return trpc.useUtils() as unknown as Api;
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
