import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router.tsx';

/**
 * Everything around the router. The browser (main.tsx) and the build's pre-rendering
 * (entry-server.tsx) wrap the same routes in it, so the pre-rendered markup is what the browser draws.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000 } } }),
  );
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </StrictMode>
  );
}

export function App() {
  return (
    <AppFrame>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
