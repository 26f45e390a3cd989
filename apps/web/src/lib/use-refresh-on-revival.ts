import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * A page the browser brings back from its back-forward cache kept what it knew when it was left (a
 * quiz not yet answered, an old balance): everything it shows is asked for again. Signed-in pages
 * only (the signed-in header mounts it), so a visitor's first page carries none of it.
 */
export function useRefreshOnRevival() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const revived = (event: PageTransitionEvent) => {
      if (event.persisted) void queryClient.invalidateQueries();
    };
    window.addEventListener('pageshow', revived);
    return () => window.removeEventListener('pageshow', revived);
  }, [queryClient]);
}
