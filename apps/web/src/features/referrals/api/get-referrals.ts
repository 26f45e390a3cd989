import type { ReferralsView } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { referralKeys } from './keys.ts';

export const getReferrals = () => apiFetch<ReferralsView>('/api/referrals');

export const referralsQueryOptions = () =>
  queryOptions({ queryKey: referralKeys.all(), queryFn: getReferrals });

export const useReferrals = () => useQuery(referralsQueryOptions());
