import type { api, RaiseLimitBody } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

export const raiseAdLimit = ({ adId, body }: { adId: string; body: RaiseLimitBody }) =>
  callApi<typeof api.advertisers.raiseAdLimit>('POST /api/advertiser/ads/:adId/limit', {
    params: { adId },
    body,
  });

export const useRaiseAdLimit = () => useRefreshingMutation(raiseAdLimit, advertiserKeys.ads);
