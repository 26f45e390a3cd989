import { z } from 'zod';
import './zod-config.ts';
import { messages } from './messages.ts';
import { wellFormedString } from './well-formed-string.ts';

export type { PendingGiftRequest } from './responses/admin.ts';
export type { GiftRequestView, GiftType } from './responses/member.ts';

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
