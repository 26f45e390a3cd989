import type { Me } from '@quiz-points/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export const meQueryKey = ['me'] as const;

export const getMe = () => apiFetch<{ user: Me | null }>('/api/me').then((data) => data.user);

/** The signed-in person (null when signed out). */
export const useMe = () => useQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 10_000 });
