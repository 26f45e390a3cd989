import { useEffect } from 'react';

/** SPEC §2: after every navigation scroll to the top and record a first-party page view. */
export function usePageTracking(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0);
    void fetch('/api/analytics/page-views', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: pathname }),
      keepalive: true,
    }).catch(() => {
      // Analytics must never disturb the page.
    });
  }, [pathname]);
}
