import { z } from 'zod';
import './zod-config.ts';
import { messages } from './messages.ts';
import { wellFormedString } from './well-formed-string.ts';

export const emailSchema = wellFormedString({ error: messages.emailRequired })
  .trim()
  .min(1, { error: messages.emailRequired })
  .max(254, { error: messages.emailInvalid })
  .pipe(z.email({ error: messages.emailInvalid }));

export const materialRequestBody = z.strictObject({ email: emailSchema });
export type MaterialRequestBody = z.infer<typeof materialRequestBody>;

export const pageViewBody = z.strictObject({
  path: wellFormedString().min(1).max(300).startsWith('/'),
});
export type PageViewBody = z.infer<typeof pageViewBody>;

export const okResponse = z.object({ ok: z.literal(true) });
