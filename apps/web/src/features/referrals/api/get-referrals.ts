import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { referralKeys } from './keys.ts';

export const getReferrals = () => callApi<typeof api.accounts.listReferrals>('GET /api/referrals');

export const referralsQueryOptions = () =>
  queryOptions({ queryKey: referralKeys.all(), queryFn: getReferrals });

export const useReferrals = () => useQuery(referralsQueryOptions());
