import type { api, DailyBudgetBody } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

/** An ad's daily budget set, changed or removed (null); it counts today's deliveries at once. */
export const setAdDailyBudget = ({ adId, body }: { adId: string; body: DailyBudgetBody }) =>
  callApi<typeof api.advertisers.setAdDailyBudget>('POST /api/advertiser/ads/:adId/daily-budget', {
    params: { adId },
    body,
  });

export const useSetAdDailyBudget = () => useRefreshingMutation(setAdDailyBudget, advertiserKeys.ads);
