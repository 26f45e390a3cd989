import { useEffect } from 'react';
import { apiFetch } from './api.ts';

/** SPEC §2: after every navigation scroll to the top and record a first-party page view. */
export function usePageTracking(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0);
    apiFetch('/api/analytics/page-views', {
      method: 'POST',
      body: { path: pathname },
      keepalive: true,
    }).catch(() => {
      // Analytics must never disturb the page.
    });
  }, [pathname]);
}
