import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { materialRequestBody } from './schemas.ts';

const firstMessage = (input: unknown) => materialRequestBody.safeParse(input).error?.issues[0]?.message;

describe('materialRequestBody', () => {
  it('trims the address', () => {
    expect(materialRequestBody.parse({ email: ' a@example.com ' })).toEqual({ email: 'a@example.com' });
  });
  it('says which rule failed, in Japanese', () => {
    expect(firstMessage({ email: '' })).toBe(messages.emailRequired);
    expect(firstMessage({})).toBe(messages.emailRequired);
    expect(firstMessage({ email: 'x' })).toBe(messages.emailInvalid);
    expect(firstMessage({ email: 'a@example.com', points: 5 })).toBe(messages.badRequest);
  });
});
