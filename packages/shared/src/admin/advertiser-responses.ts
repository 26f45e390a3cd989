import { z } from 'zod';
import { invoiceSummary } from '../billing/responses.ts';
import { adStandingShape, count, day, timestamp, yen } from '../core/responses.ts';
import { adminAuditEntry, nextCursor } from './responses.ts';

/** `GET /api/admin/advertisers`: one advertiser in the list. Money in yen, before tax. */
export const adminAdvertiserSummary = z.strictObject({
  id: z.string(),
  email: z.string(),
  /** The name given at sign-up (company or display name). */
  displayName: z.string(),
  /** The company name for invoices, once the advertiser gave one. */
  companyName: z.string().nullable(),
  isSuspended: z.boolean(),
  cardRegistered: z.boolean(),
  ads: count,
  /** Approved, active and without any hold. */
  deliveringAds: count,
  /** Deliveries since the first of this Japan-time month, at the price each was charged. */
  monthSpend: yen,
  createdAt: timestamp,
});
export type AdminAdvertiserSummary = z.output<typeof adminAdvertiserSummary>;
export const adminAdvertiserList = z.strictObject({
  advertisers: z.array(adminAdvertiserSummary),
  nextCursor,
});

export const adminAdvertiserAd = z.strictObject({
  id: z.string(),
  adTitle: z.string(),
  ...adStandingShape,
  deliveries: count,
  monthDeliveries: count,
  maxDeliveries: count,
  unitPrice: yen,
  createdAt: timestamp,
});
export type AdminAdvertiserAd = z.output<typeof adminAdvertiserAd>;

/** One of the advertiser's invoices, as the admin's overview lists it. */
export const adminAdvertiserInvoice = invoiceSummary.pick({
  id: true,
  period: true,
  adTitle: true,
  deliveries: true,
  total: true,
  status: true,
  chargedAt: true,
});
export type AdminAdvertiserInvoice = z.output<typeof adminAdvertiserInvoice>;

/** `GET /api/admin/advertisers/:userId`: one advertiser with their ads, spend, invoices and suspensions. */
export const adminAdvertiserOverview = z.strictObject({
  advertiser: z.strictObject({
    ...adminAdvertiserSummary.shape,
    banReason: z.string().nullable(),
    activeSessions: count,
    card: z.strictObject({ brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
  }),
  /** The first day (Japan time) of the month `monthSpend` counts from. */
  monthStart: day,
  ads: z.array(adminAdvertiserAd),
  invoices: z.array(adminAdvertiserInvoice),
  suspensions: z.array(adminAuditEntry),
});
export type AdminAdvertiserOverview = z.output<typeof adminAdvertiserOverview>;

/**
 * `POST /api/admin/advertisers/:userId/suspension`. `changed` is false when the advertiser already was
 * in that state (nothing written); `heldAds` is how many ads gained or lost the 'suspended' hold.
 */
export const advertiserSuspensionResult = z.strictObject({
  suspended: z.boolean(),
  changed: z.boolean(),
  heldAds: count,
  signedOut: count,
});
export type AdvertiserSuspensionResult = z.output<typeof advertiserSuspensionResult>;
