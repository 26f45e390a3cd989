import type { AdInputBody, api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

/** Keeps a new ad as a draft: not sent for review. */
export const createDraft = (body: AdInputBody) =>
  callApi<typeof api.advertisers.createDraft>('POST /api/advertiser/drafts', { body });

export const useCreateDraft = () => useRefreshingMutation(createDraft, advertiserKeys.ads);
