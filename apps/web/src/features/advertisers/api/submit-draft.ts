import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

/** Sends a draft for review as it was saved. */
export const submitDraft = (adId: string) =>
  callApi<typeof api.advertisers.submitDraft>('POST /api/advertiser/ads/:adId/submit', { params: { adId } });

export const useSubmitDraft = () => useRefreshingMutation(submitDraft, advertiserKeys.ads);
