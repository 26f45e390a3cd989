import type { api, BulkAdsBody } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

/** Pauses or resumes the chosen ads, all or none. */
export const bulkSetAdsPaused = (body: BulkAdsBody) =>
  callApi<typeof api.advertisers.bulkSetAdsPaused>('POST /api/advertiser/ads/bulk', { body });

export const useBulkSetAdsPaused = () => useRefreshingMutation(bulkSetAdsPaused, advertiserKeys.ads);
