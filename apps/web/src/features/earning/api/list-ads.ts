import type { api } from '@quiz-points/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { earningKeys } from './keys.ts';

/** One page of the ads the person may still answer; the first page without a cursor. */
export const listAds = (cursor: string | null) =>
  callApi<typeof api.earning.listAds>('GET /api/ads', cursor ? { query: { cursor } } : {});

/** The ads the person may still answer, a page at a time (each page's `nextCursor` asks for the next). */
export const adsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: earningKeys.availableAds(),
    queryFn: ({ pageParam }) => listAds(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useAds = () => useInfiniteQuery(adsQueryOptions());
