import type { api } from '@quiz-points/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { cursorPagesOptions } from '../../../lib/cursor-pages.ts';
import { earningKeys } from './keys.ts';

/** One page of the ads the person may still answer; the first page without a cursor. */
export const listAds = (cursor: string | null) =>
  callApi<typeof api.earning.listAds>('GET /api/ads', cursor ? { query: { cursor } } : {});

/** The ads the person may still answer, a page at a time. */
export const adsQueryOptions = () => cursorPagesOptions(earningKeys.availableAds(), listAds);

export const useAds = () => useInfiniteQuery(adsQueryOptions());
