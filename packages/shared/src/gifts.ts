import { z } from 'zod';
import './zod-config.ts';
import type { GiftStatus } from './constants.ts';
import { messages } from './messages.ts';
import { wellFormedString } from './well-formed-string.ts';

export const giftRequestBody = z.strictObject({
  giftType: wellFormedString({ error: messages.giftTypeUnavailable }).min(1).max(40),
  points: z
    .number({ error: messages.giftAmountInvalid })
    .int({ error: messages.giftAmountInvalid })
    .positive({ error: messages.giftAmountInvalid }),
});
export type GiftRequestBody = z.infer<typeof giftRequestBody>;

export const issueGiftBody = z.strictObject({
  giftCode: wellFormedString({ error: messages.giftCodeRequired })
    .trim()
    .min(1, { error: messages.giftCodeRequired })
    .max(100),
});
export const rejectGiftBody = z.strictObject({
  reason: wellFormedString({ error: messages.rejectionReasonRequired })
    .trim()
    .min(1, { error: messages.rejectionReasonRequired })
    .max(300),
});

export interface GiftType {
  id: string;
  label: string;
  amounts: number[];
}

export interface GiftRequestView {
  id: string;
  giftType: string;
  pointsUsed: number;
  status: GiftStatus;
  createdAt: string;
  /** The promised latest delivery (3 business days, Japan time), while pending. */
  deliverBy: string | null;
  giftCode: string | null;
  rejectionReason: string | null;
}

export interface PendingGiftRequest extends GiftRequestView {
  userId: string;
  email: string;
  risk: {
    phoneVerified: boolean;
    accountAgeDays: number;
    earnedLast7Days: number;
    withdrawnBefore: boolean;
  };
}
