import type { api } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** The provider's customer portal, or the stand-in's invoice page. */
export const openBillingPortal = () =>
  callApi<typeof api.billing.openBillingPortal>('POST /api/advertiser/billing/portal');

export const useOpenBillingPortal = () => useMutation({ mutationFn: openBillingPortal });
