import type { AdminDashboard } from '@quiz-points/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export const useAdminDashboard = (days: number) =>
  useQuery({
    queryKey: ['admin', 'dashboard', days],
    queryFn: () => apiFetch<AdminDashboard>(`/api/admin/dashboard?days=${days}`),
  });
