import type { AdminSettingsView, SettingKey, SettingValues } from '@quiz-points/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export const useAdminSettings = () =>
  useQuery({
    queryKey: ['admin', 'settings'],
    queryFn: () => apiFetch<AdminSettingsView>('/api/admin/settings'),
  });

export function useUpdateSetting<K extends SettingKey>(key: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: SettingValues[K]) =>
      apiFetch<{ changed: boolean }>(`/api/admin/settings/${key}`, { method: 'PUT', body: { value } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] }),
  });
}
