// Browser entry: restores the server's query cache, preloads the current page, then hydrates.
import './styles.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { parseState } from './lib/dehydrated-state';
import { preloadRendered } from './lib/lazy';
import { makeQueryClient } from './lib/trpc';
import { isAdminHost, matchRequest } from './routes';

const queryClient = makeQueryClient();
const state = document.getElementById('__STATE__')?.textContent;
const restored = state ? parseState(state).then((s) => hydrate(queryClient, s as DehydratedState)) : undefined;

// The tRPC HTTP client is not part of the first load: the server sent the page's data. It is loaded when a
// request is first made, or already at the visitor's first interaction, which most requests follow.
const loadTrpcClient = () => import('./lib/trpc-client').then((m) => m.makeTrpcClient());
const warm = () => {
  for (const type of WARM_ON) window.removeEventListener(type, warm, true);
  void import('./lib/trpc-client');
};
const WARM_ON = ['pointerdown', 'keydown', 'focusin'] as const;
for (const type of WARM_ON) window.addEventListener(type, warm, { capture: true, passive: true });

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App queryClient={queryClient} loadTrpcClient={loadTrpcClient} adminHost={isAdminHost(window.location.hostname)} />
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
