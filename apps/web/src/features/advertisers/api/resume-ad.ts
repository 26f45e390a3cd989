import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

/** Lifts the advertiser's own pause. */
export const resumeAd = (adId: string) =>
  callApi<typeof api.advertisers.resumeAd>('POST /api/advertiser/ads/:adId/resume', { params: { adId } });

export const useResumeAd = () => useRefreshingMutation(resumeAd, advertiserKeys.ads);
