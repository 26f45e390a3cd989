import type { api, SettingKey, SettingValues } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const updateSetting = <K extends SettingKey>(key: K, value: SettingValues[K]) =>
  callApi<typeof api.admin.updateSetting>('PUT /api/admin/settings/:key', {
    params: { key },
    body: { value },
  });

export function useUpdateSetting<K extends SettingKey>(key: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: SettingValues[K]) => updateSetting(key, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.settings }),
  });
}
