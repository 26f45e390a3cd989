import type { api, CompanyDetailsBody } from '@quiz-points/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

/** Spend and invoices: under 'advertiser', so signing out drops them with the rest. */
export const billingKeys = {
  overview: [...advertiserKeys.all, 'billing'] as const,
  company: [...advertiserKeys.all, 'company'] as const,
};

export const getBillingOverview = () =>
  callApi<typeof api.billing.getBillingOverview>('GET /api/advertiser/billing');

/** This month's spend so far and the invoices issued. */
export const useBillingOverview = () =>
  useQuery(queryOptions({ queryKey: billingKeys.overview, queryFn: getBillingOverview }));

export const getCompanyDetails = () =>
  callApi<typeof api.billing.getCompanyDetails>('GET /api/advertiser/company').then((data) => data.company);

/** The invoices' addressee as the advertiser gave it. */
export const useCompanyDetails = () =>
  useQuery(queryOptions({ queryKey: billingKeys.company, queryFn: getCompanyDetails }));

export const updateCompanyDetails = (body: CompanyDetailsBody) =>
  callApi<typeof api.billing.updateCompanyDetails>('PUT /api/advertiser/company', { body }).then(
    (data) => data.company,
  );

export function useUpdateCompanyDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyDetails,
    onSuccess: (company) => queryClient.setQueryData(billingKeys.company, company),
  });
}

/** Where the browser downloads an invoice's PDF (the session cookie goes with it). */
export const invoicePdfUrl = (invoiceId: string) =>
  `/api/advertiser/invoices/${encodeURIComponent(invoiceId)}/pdf`;
