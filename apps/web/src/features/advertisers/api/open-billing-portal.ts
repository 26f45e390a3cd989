import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/** The provider's customer portal, or the stand-in's invoice page. */
export const openBillingPortal = () =>
  apiFetch<{ url: string }>('/api/advertiser/billing/portal', { method: 'POST', body: {} });

export const useOpenBillingPortal = () => useMutation({ mutationFn: openBillingPortal });
