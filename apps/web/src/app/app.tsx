import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect, useState } from 'react';
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
  // A page the browser brings back from its back-forward cache kept what it knew when it was left
  // (a quiz not yet answered, an old balance): everything it shows is asked for again.
  useEffect(() => {
    const revived = (event: PageTransitionEvent) => {
      if (event.persisted) void queryClient.invalidateQueries();
    };
    window.addEventListener('pageshow', revived);
    return () => window.removeEventListener('pageshow', revived);
  }, [queryClient]);
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
