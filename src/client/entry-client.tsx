// Browser entry: restores the server's query cache, preloads the current page, then hydrates.
import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import superjson from 'superjson';
import { App } from './app';
import { preloadRendered } from './lib/lazy';
import { makeQueryClient, makeTrpcClient } from './lib/trpc';
import { isAdminHost, matchRequest } from './routes';

const queryClient = makeQueryClient();
const state = document.getElementById('__STATE__');
if (state?.textContent) hydrate(queryClient, superjson.parse(state.textContent));
const trpcClient = makeTrpcClient();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App queryClient={queryClient} trpcClient={trpcClient} adminHost={isAdminHost(window.location.hostname)} />
  </StrictMode>
);

// The page's code and every split component the server rendered, so that all of it is live at once.
const chunks = JSON.parse(document.getElementById('__CHUNKS__')?.textContent || '[]') as string[];
void matchRequest(window.location.pathname, window.location.hostname)
  .route.page.preload()
  .then(() => preloadRendered(chunks))
  .finally(() => {
    // Hydrating in a transition lets React yield to the browser between slices instead of running one
    // long task; the server's HTML is on screen meanwhile.
    if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
  });
