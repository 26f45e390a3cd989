import { z } from 'zod';
import { invoiceStatuses } from '../core/constants.ts';
import { count, timestamp, yen } from '../core/responses.ts';

/** The advertiser's addressee for invoices (null: not given). */
export const advertiserCompany = z.strictObject({
  displayName: z.string(),
  companyName: z.string().nullable(),
  companyAddress: z.string().nullable(),
});
export type AdvertiserCompany = z.output<typeof advertiserCompany>;
export const advertiserCompanyResponse = z.strictObject({ company: advertiserCompany });

/**
 * Deliveries and what they come to in yen: before tax, the 10 % tax (rounded as the invoice rounds
 * it) and with tax.
 */
const billedShape = { deliveries: count, subtotal: yen, tax: yen, total: yen };

/** One ad's deliveries this Japan-time month (as its invoice will bill them). */
export const monthSpendRow = z.strictObject({
  adId: z.string(),
  adTitle: z.string(),
  unitPrice: yen,
  ...billedShape,
});
export type MonthSpendRow = z.output<typeof monthSpendRow>;

/** Month-to-date spend: per ad and for the account (the sum of the ads' invoices to come). */
export const monthSpend = z.strictObject({
  /** yyyymm of the Japan-time month so far. */
  period: z.string(),
  ads: z.array(monthSpendRow),
  ...billedShape,
});
export type MonthSpend = z.output<typeof monthSpend>;

/**
 * One issued invoice (one ad, one month), in yen: the month's deliveries plus what earlier months
 * carried in (too little to charge then), taxed together.
 */
export const invoiceSummary = z.strictObject({
  id: z.string(),
  /** yyyymm, the Japan-time month billed. */
  period: z.string(),
  adTitle: z.string(),
  unitPrice: yen,
  carriedIn: yen,
  ...billedShape,
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
