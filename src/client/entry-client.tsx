// Browser entry: restores the server's query cache, preloads the current page, then hydrates.
import './styles.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { parse } from './lib/superjson-lite';
import { preloadRendered } from './lib/lazy';
import { makeQueryClient, type Requester } from './lib/trpc';
import type { UntypedClient } from './lib/trpc-proxy';
import { isAdminHost, matchRequest } from './routes';

const queryClient = makeQueryClient();
const state = document.getElementById('__STATE__')?.textContent;
const restored = state ? parse(state).then((s) => hydrate(queryClient, s as DehydratedState)) : undefined;

// The tRPC HTTP client is not part of the first load: the server sent the page's data. It is loaded at the
// visitor's first interaction, which most requests follow; a request made before it has loaded (a lot's price
// for the dates, a post's view count) is sent on its own by trpc-fetch.ts, in the same format.
let client: UntypedClient | undefined;
const request: Requester = (type, path, input, opts) =>
  client ? client[type](path, input, opts) : import('./lib/trpc-fetch').then((m) => m.fetchProcedure(type, path, input, opts));
const warm = () => {
  for (const type of WARM_ON) window.removeEventListener(type, warm, true);
  void import('./lib/trpc-client').then((m) => (client ??= m.makeTrpcClient()));
};
const WARM_ON = ['pointerdown', 'keydown', 'focusin'] as const;
for (const type of WARM_ON) window.addEventListener(type, warm, { capture: true, passive: true });

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App queryClient={queryClient} request={request} adminHost={isAdminHost(window.location.hostname)} />
  </StrictMode>
);

// The page's code and every split component the server rendered, so that all of it is live at once.
const chunks = JSON.parse(document.getElementById('__CHUNKS__')?.textContent || '[]') as string[];
void Promise.all([
  restored,
  matchRequest(window.location.pathname, window.location.hostname)
    .route.page.preload()
    .then(() => preloadRendered(chunks)),
]).finally(() => {
  // Hydrating in a transition lets React yield to the browser between slices instead of running one
  // long task; the server's HTML is on screen meanwhile.
  if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
});
