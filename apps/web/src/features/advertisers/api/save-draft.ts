import type { AdInputBody, api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

/** Saves a draft's content again, still a draft. */
export const saveDraft = ({ adId, body }: { adId: string; body: AdInputBody }) =>
  callApi<typeof api.advertisers.saveDraft>('PUT /api/advertiser/ads/:adId/draft', {
    params: { adId },
    body,
  });

export const useSaveDraft = () => useRefreshingMutation(saveDraft, advertiserKeys.ads);
