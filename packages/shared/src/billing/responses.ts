import { z } from 'zod';
import { invoiceStatuses } from '../core/constants.ts';
import { timestamp } from '../core/responses.ts';

/** The advertiser's addressee for invoices (null: not given). */
export const advertiserCompany = z.strictObject({
  displayName: z.string(),
  companyName: z.string().nullable(),
  companyAddress: z.string().nullable(),
});
export type AdvertiserCompany = z.output<typeof advertiserCompany>;
export const advertiserCompanyResponse = z.strictObject({ company: advertiserCompany });

/** One ad's deliveries this Japan-time month, in yen (tax as its invoice will round it). */
export const monthSpendRow = z.strictObject({
  adId: z.string(),
  adTitle: z.string(),
  deliveries: z.number().int(),
  unitPrice: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type MonthSpendRow = z.output<typeof monthSpendRow>;

/** Month-to-date spend: per ad and for the account (the sum of the ads' invoices to come). */
export const monthSpend = z.strictObject({
  /** yyyymm of the Japan-time month so far. */
  period: z.string(),
  ads: z.array(monthSpendRow),
  deliveries: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type MonthSpend = z.output<typeof monthSpend>;

/** One issued invoice (one ad, one month), in yen. */
export const invoiceSummary = z.strictObject({
  id: z.string(),
  period: z.string(),
  adTitle: z.string(),
  deliveries: z.number().int(),
  unitPrice: z.number().int(),
  subtotal: z.number().int(),
  carriedIn: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  status: z.enum(invoiceStatuses),
  issuedAt: timestamp,
  chargedAt: timestamp.nullable(),
});
export type InvoiceSummary = z.output<typeof invoiceSummary>;

export const billingOverview = z.strictObject({
  spend: monthSpend,
  /** Newest month first. */
  invoices: z.array(invoiceSummary),
});
export type BillingOverview = z.output<typeof billingOverview>;
