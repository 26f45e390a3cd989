import { z } from 'zod';
import '../core/zod-config.ts';
import { genders } from '../core/constants.ts';
import { messages } from '../core/messages.ts';
import { annualIncomes, maritalStatuses, occupations } from '../core/profile-options.ts';
import { wellFormedString } from '../core/well-formed-string.ts';

export type { Me } from './responses.ts';

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.literal('')]).default('');

export const zipCodeSchema = wellFormedString().regex(/^[0-9]{7}$/, { error: messages.zipNotFound });

export const signupBody = z.strictObject({
  birthYear: z.number({ error: messages.birthDateIncomplete }).int({ error: messages.birthDateIncomplete }),
  birthMonth: z
    .number({ error: messages.birthDateIncomplete })
    .int({ error: messages.birthDateIncomplete })
    .min(1, { error: messages.birthDateIncomplete })
    .max(12, { error: messages.birthDateIncomplete }),
  birthDay: z
    .number({ error: messages.birthDateIncomplete })
    .int({ error: messages.birthDateIncomplete })
    .min(1, { error: messages.birthDateIncomplete })
    .max(31, { error: messages.birthDateIncomplete }),
  zipCode: z
    .union([wellFormedString().regex(/^[0-9]{7}$/, { error: messages.zipAddressUnresolved }), z.literal('')])
    .default(''),
  gender: optionalChoice(genders),
  maritalStatus: optionalChoice(maritalStatuses),
  hasChildren: z.boolean().nullable().default(null),
  occupation: optionalChoice(occupations),
  annualIncome: optionalChoice(annualIncomes),
  agreeToTerms: z.literal(true, { error: messages.termsRequired }),
  referralCode: wellFormedString()
    .regex(/^[A-Za-z0-9]{8}$/)
    .optional()
    .catch(undefined),
});
export type SignupBody = z.input<typeof signupBody>;
/** The signup form as the server parsed it (defaults filled in). */
export type ParsedSignupBody = z.output<typeof signupBody>;

export const profileUpdateBody = z.strictObject({
  zipCode: wellFormedString().max(7, { error: messages.zipNotFound }).default(''),
  gender: optionalChoice(genders),
  maritalStatus: optionalChoice(maritalStatuses),
  hasChildren: z.boolean().nullable().default(null),
  occupation: optionalChoice(occupations),
  annualIncome: optionalChoice(annualIncomes),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;
export type ParsedProfileUpdateBody = z.output<typeof profileUpdateBody>;

/**
 * A number as a person types it (full-width digits, hyphens, spaces, brackets, or +81 in place of the
 * leading 0) to its national digits: ＋81 90-1234-5678 and 090 1234 5678 both give 09012345678.
 */
export function nationalPhoneDigits(typed: string): string {
  const digits = typed.normalize('NFKC').replace(/[\s()\-‐－ー−]/g, '');
  return digits.startsWith('+81') ? `0${digits.slice(3).replace(/^0/, '')}` : digits;
}

/** A Japanese mobile number (070, 080 or 090 and eight digits): the SMS goes to a phone, not a landline. */
export const phoneNumberSchema = wellFormedString({ error: messages.smsSendFailed })
  .transform(nationalPhoneDigits)
  .pipe(wellFormedString().regex(/^0[789]0[0-9]{8}$/, { error: messages.phoneNumberNotMobile }));

/** SPEC §5: +81 and the leading 0 removed. */
export function toE164(phone: string): string {
  return `+81${phone.replace(/[\s-]/g, '').replace(/^0/, '')}`;
}

// Any malformed body (not an object, a missing or extra field) reads as the action's own failure.
export const sendPhoneCodeBody = z.strictObject(
  { phoneNumber: phoneNumberSchema },
  { error: messages.smsSendFailed },
);
export const verifyPhoneCodeBody = z.strictObject(
  {
    code: wellFormedString({ error: messages.smsVerifyFailed }).regex(/^[0-9]{6}$/, {
      error: messages.smsVerifyFailed,
    }),
  },
  { error: messages.smsVerifyFailed },
);
