import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export interface Address {
  prefecture: string;
  city: string;
}

/** The address for a complete 7-digit zip code (looked up by our own server, from shipped data). */
export const useZipLookup = (zipCode: string) =>
  useQuery({
    queryKey: ['zip-code', zipCode],
    queryFn: () => apiFetch<Address>(`/api/zip-codes/${zipCode}`),
    enabled: /^[0-9]{7}$/.test(zipCode),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
