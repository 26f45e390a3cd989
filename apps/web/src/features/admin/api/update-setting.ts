import type { SettingKey, SettingValues } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const updateSetting = <K extends SettingKey>(key: K, value: SettingValues[K]) =>
  apiFetch<{ key: K; value: SettingValues[K]; changed: boolean }>(`/api/admin/settings/${key}`, {
    method: 'PUT',
    body: { value },
  });

export function useUpdateSetting<K extends SettingKey>(key: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: SettingValues[K]) => updateSetting(key, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.settings }),
  });
}
