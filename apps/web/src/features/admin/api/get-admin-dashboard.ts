import type { api, DayRange } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useSteadyQuery } from '../../../lib/use-steady-query.ts';
import { adminKeys } from './query-keys.ts';

export const getAdminDashboard = ({ from, to }: DayRange) =>
  callApi<typeof api.admin.getDashboard>('GET /api/admin/dashboard', { query: { from, to } });

/**
 * The numbers: Japan-time daily series over the days of `range`, and what is owed now. While another
 * range loads, the last one's figures stay in view.
 */
export const useAdminDashboard = (range: DayRange) =>
  useSteadyQuery(adminKeys.dashboard(range.from, range.to), () => getAdminDashboard(range));
