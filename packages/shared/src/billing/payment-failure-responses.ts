import { z } from 'zod';
import { count, timestamp, yen } from '../core/responses.ts';

/** An invoice of the signed-in advertiser that failed to charge (the console's banner). */
export const ownFailedCharge = z.strictObject({
  invoiceId: z.string(),
  adTitle: z.string(),
  /** yyyymm */
  period: z.string(),
  total: yen,
  failedAt: timestamp,
});
export type OwnFailedCharge = z.output<typeof ownFailedCharge>;
export const ownFailedChargeList = z.strictObject({ failedCharges: z.array(ownFailedCharge) });

/** A failed charge as the admin sees it, with what a retry needs to know. */
export const adminFailedCharge = z.strictObject({
  invoiceId: z.string(),
  advertiserId: z.string(),
  advertiserName: z.string(),
  advertiserEmail: z.string(),
  adId: z.string(),
  adTitle: z.string(),
  period: z.string(),
  total: yen,
  failureReason: z.string().nullable(),
  attempts: count,
  failedAt: timestamp,
  /** Whether a card is on file (without one a retry fails again). */
  cardRegistered: z.boolean(),
});
export type AdminFailedCharge = z.output<typeof adminFailedCharge>;
export const adminFailedChargeList = z.strictObject({ failedCharges: z.array(adminFailedCharge) });

/** What an admin's retry came to: paid, or failed again with the provider's reason. */
export const chargeRetryResult = z.strictObject({
  result: z.strictObject({
    status: z.enum(['charged', 'failed']),
    failureReason: z.string().nullable(),
  }),
});
export type ChargeRetryResult = z.output<typeof chargeRetryResult>;
