import { z } from 'zod';
import { timestamp } from '../core/responses.ts';

export const capturedSms = z.strictObject({
  id: z.number().int(),
  to: z.string(),
  text: z.string(),
  sentAt: timestamp,
});
export type CapturedSms = z.output<typeof capturedSms>;
export const capturedMail = z.strictObject({ ...capturedSms.shape, subject: z.string() });
export type CapturedMail = z.output<typeof capturedMail>;
