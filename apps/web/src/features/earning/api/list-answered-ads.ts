import type { api } from '@quiz-points/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { cursorPagesOptions } from '../../../lib/cursor-pages.ts';
import { earningKeys } from './keys.ts';

/** One page of the ads the person answered, newest answer first. */
export const listAnsweredAds = (cursor: string | null) =>
  callApi<typeof api.earning.listAnsweredAds>('GET /api/ads/answered', cursor ? { query: { cursor } } : {});

/** The answered ads a page at a time, asked for only while the list's 回答済み box is ticked. */
export const answeredAdsQueryOptions = () => cursorPagesOptions(earningKeys.answeredAds(), listAnsweredAds);

export const useAnsweredAds = () => useInfiniteQuery(answeredAdsQueryOptions());
