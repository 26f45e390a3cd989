import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

export const lookupZipCode = (zipCode: string) =>
  callApi<typeof api.accounts.lookupZipCode>('GET /api/zip-codes/:zipCode', { params: { zipCode } });

/** The address for a complete 7-digit zip code (looked up by our own server, from shipped data). */
export const zipCodeQueryOptions = (zipCode: string) =>
  queryOptions({
    queryKey: accountKeys.zipCode(zipCode),
    queryFn: () => lookupZipCode(zipCode),
    enabled: /^[0-9]{7}$/.test(zipCode),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useZipLookup = (zipCode: string) => useQuery(zipCodeQueryOptions(zipCode));
