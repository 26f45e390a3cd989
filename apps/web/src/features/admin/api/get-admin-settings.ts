import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const getAdminSettings = () => callApi<typeof api.admin.getSettings>('GET /api/admin/settings');

export const getAdminSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.settings, queryFn: getAdminSettings });

/** Every setting in force, and the audit of changes. */
export const useAdminSettings = () => useQuery(getAdminSettingsQueryOptions());
