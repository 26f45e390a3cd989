import { describe, expect, it } from 'vitest';
import { messages } from '../core/messages.ts';
import { sendPhoneCodeBody, toE164 } from './identity-schemas.ts';

describe('the number an SMS code is sent to', () => {
  it.each([
    ['09012345678', '09012345678'],
    ['080-1234-5678', '08012345678'],
    ['070 1234 5678', '07012345678'],
    ['０９０－１２３４－５６７８', '09012345678'],
    ['+819012345678', '09012345678'],
    ['+81 90-1234-5678', '09012345678'],
    ['＋８１ ８０ １２３４ ５６７８', '08012345678'],
    ['+81 (0)70-1234-5678', '07012345678'],
  ])('takes the mobile number %j as %s', (typed, national) => {
    const parsed = sendPhoneCodeBody.safeParse({ phoneNumber: typed });
    expect(parsed.success && parsed.data.phoneNumber).toBe(national);
    expect(toE164(national)).toBe(`+81${national.slice(1)}`);
  });

  it.each([
    ['03-1234-5678', 'a Tokyo landline'],
    ['0612345678', 'an Osaka landline'],
    ['0120-123-456', 'a free dial'],
    ['050-1234-5678', 'an IP phone'],
    ['060-1234-5678', 'no mobile prefix'],
    ['090-1234-567', 'one digit short'],
    ['090-1234-56789', 'one digit long'],
    ['+1 415 555 0100', 'a number abroad'],
    ['abcdefghijk', 'no number'],
    ['', 'nothing'],
  ])('refuses %j (%s), saying a mobile number is needed', (typed) => {
    const parsed = sendPhoneCodeBody.safeParse({ phoneNumber: typed });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(messages.phoneNumberNotMobile);
  });
});
