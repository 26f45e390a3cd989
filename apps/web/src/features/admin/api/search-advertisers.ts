import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const searchAdvertisers = (q: string) =>
  callApi<typeof api.admin.searchAdvertisers>('GET /api/admin/advertisers', { query: q ? { q } : undefined });

export const searchAdvertisersQueryOptions = (q: string) =>
  queryOptions({ queryKey: adminKeys.advertiserSearch(q), queryFn: () => searchAdvertisers(q) });

/** Advertisers by part of an e-mail, a name or a company name; every advertiser while `q` is empty. */
export const useAdvertiserSearch = (q: string) => useQuery(searchAdvertisersQueryOptions(q));
