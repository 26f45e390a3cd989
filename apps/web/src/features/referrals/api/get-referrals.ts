import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export interface Referrals {
  referralCode: string | null;
  referrals: { joinedAt: string; status: 'pending' | 'granted' }[];
}

export const useReferrals = () =>
  useQuery({ queryKey: ['referrals'], queryFn: () => apiFetch<Referrals>('/api/referrals') });
