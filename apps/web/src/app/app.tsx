import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router.tsx';

/** The app's query cache (a member's page drawn on the server starts it with its answers: lib/query-state.ts). */
export const createQueryClient = (): QueryClient =>
  new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000 } } });

/**
 * Everything around the router. The browser (main.tsx) and the server's rendering (entry-server.tsx)
 * wrap the same routes in it, so the server's markup is what the browser draws: a member's page
 * rendered with their data hands the browser a cache holding the same answers (`queryClient`).
 */
export function AppFrame({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <StrictMode>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </StrictMode>
  );
}

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppFrame queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
