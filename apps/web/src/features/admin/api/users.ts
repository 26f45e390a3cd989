import type { AdminUserOverview, AdminUserSummary, SuspensionBody } from '@quiz-points/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export const useUserSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'users', 'search', q],
    queryFn: () => apiFetch<{ users: AdminUserSummary[] }>(`/api/admin/users?q=${encodeURIComponent(q)}`),
    enabled: q !== '',
  });

export const useUserOverview = (userId: string) =>
  useQuery({
    queryKey: ['admin', 'users', userId],
    queryFn: () => apiFetch<AdminUserOverview>(`/api/admin/users/${encodeURIComponent(userId)}`),
  });

export function useSetSuspension(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SuspensionBody) =>
      apiFetch<{ suspended: boolean; signedOut: number }>(
        `/api/admin/users/${encodeURIComponent(userId)}/suspension`,
        { method: 'POST', body },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
