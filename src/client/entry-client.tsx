// Browser entry: restores the server's query cache, preloads the current page, then hydrates.
import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import superjson from 'superjson';
import { App } from './app';
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

void matchRequest(window.location.pathname, window.location.hostname)
  .route.page.preload()
  .finally(() => {
    // Hydrating in a transition lets React yield to the browser every few milliseconds instead of one
    // long task: the server's HTML is already on screen, and input that arrives meanwhile is replayed.
    if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
  });
