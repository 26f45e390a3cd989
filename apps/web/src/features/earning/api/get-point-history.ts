import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { earningKeys } from './keys.ts';

export const getPointHistory = () => callApi<typeof api.earning.listPointHistory>('GET /api/points/history');

/** The passbook, refreshed every few seconds so new points appear without reloading. */
export const pointHistoryQueryOptions = () =>
  queryOptions({ queryKey: earningKeys.history(), queryFn: getPointHistory, refetchInterval: 5000 });

export const usePointHistory = () => useQuery(pointHistoryQueryOptions());
