import type { Me } from '@quiz-points/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { clientConfig } from '../../../lib/client-config.ts';

export const meQueryKey = ['me'] as const;
const pageLoadedAt = Date.now();

export const getMe = () => apiFetch<{ user: Me | null }>('/api/me').then((data) => data.user);

/**
 * The signed-in person (null when signed out). A page served without a session cookie starts as
 * signed out, so the landing page draws at once (docs/performance.md).
 */
export const useMe = () =>
  useQuery({
    queryKey: meQueryKey,
    queryFn: getMe,
    staleTime: 10_000,
    ...(clientConfig.hasSession ? {} : { initialData: null, initialDataUpdatedAt: pageLoadedAt }),
  });
