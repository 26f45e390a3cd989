import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { clientConfig } from '../../../lib/client-config.ts';
import { authKeys } from './keys.ts';

const pageLoadedAt = Date.now();

export const getMe = () => callApi<typeof api.accounts.getMe>('GET /api/me').then((data) => data.user);

/**
 * The signed-in person (null when signed out). A page served without a session cookie starts as
 * signed out, so the landing page draws at once (docs/performance.md).
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: getMe,
    staleTime: 10_000,
    ...(clientConfig.hasSession ? {} : { initialData: null, initialDataUpdatedAt: pageLoadedAt }),
  });

export const useMe = () => useQuery(meQueryOptions());
