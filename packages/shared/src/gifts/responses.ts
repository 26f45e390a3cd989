import { z } from 'zod';
import { giftStatuses } from '../core/constants.ts';
import { timestamp } from '../core/responses.ts';

export const giftType = z.strictObject({
  id: z.string(),
  label: z.string(),
  amounts: z.array(z.number().int()),
});
export type GiftType = z.output<typeof giftType>;

/** A gift type as offered to a member: the amounts whose codes are in stock are issued at once. */
export const offeredGiftType = z.strictObject({
  ...giftType.shape,
  instantAmounts: z.array(z.number().int()),
});
export type OfferedGiftType = z.output<typeof offeredGiftType>;

/** GET /api/gift-types */
export const giftTypesResponse = z.strictObject({ giftTypes: z.array(offeredGiftType) });
export type GiftTypesResponse = z.output<typeof giftTypesResponse>;

export const giftRequestView = z.strictObject({
  id: z.string(),
  giftType: z.string(),
  pointsUsed: z.number().int(),
  status: z.enum(giftStatuses),
  createdAt: timestamp,
  /** The promised latest delivery (3 business days, Japan time), while pending. */
  deliverBy: timestamp.nullable(),
  giftCode: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type GiftRequestView = z.output<typeof giftRequestView>;

/** GET /api/gift-requests */
export const giftRequestsResponse = z.strictObject({ requests: z.array(giftRequestView) });
export type GiftRequestsResponse = z.output<typeof giftRequestsResponse>;
