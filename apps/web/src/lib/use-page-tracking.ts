import type { api } from '@quiz-points/shared';
import { useEffect } from 'react';
import { callApi } from './api.ts';

/** SPEC §2: after every navigation scroll to the top and record a first-party page view. */
export function usePageTracking(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0);
    callApi<typeof api.visitors.recordPageView>('POST /api/analytics/page-views', {
      body: { path: pathname },
      keepalive: true,
    }).catch(() => {
      // Analytics must never disturb the page.
    });
  }, [pathname]);
}
