import { z } from 'zod';
import { timestamp } from '../core/responses.ts';

/** What a person told about themselves, at signup and on the account page; null where not given. */
export const memberProfile = z.strictObject({
  birthDate: z.string().nullable(),
  gender: z.string().nullable(),
  zipCode: z.string().nullable(),
  prefecture: z.string().nullable(),
  city: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  hasChildren: z.boolean().nullable(),
  occupation: z.string().nullable(),
  annualIncome: z.string().nullable(),
});

export const me = z.strictObject({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'advertiser']),
  isAdmin: z.boolean(),
  points: z.number().int(),
  isSuspended: z.boolean(),
  isVerified: z.boolean(),
  needsSignup: z.boolean(),
  referralCode: z.string().nullable(),
  ...memberProfile.shape,
  lastDailyClaim: z.string().nullable(),
  lastDailyQuizId: z.string().nullable(),
  /** Japan-time days in a row with points earned, through today or yesterday (0: none). */
  streakDays: z.number().int().nonnegative(),
  /** When the member finished signup (null: not yet), the first month of their passbook. */
  signedUpAt: timestamp.nullable(),
});
export type Me = z.output<typeof me>;

/** GET /api/me */
export const meResponse = z.strictObject({ user: me.nullable() });
export type MeResponse = z.output<typeof meResponse>;

/** GET /api/zip-codes/:zipCode */
export const zipCodeAddress = z.strictObject({ prefecture: z.string(), city: z.string() });
export type ZipCodeAddress = z.output<typeof zipCodeAddress>;

/** POST /api/signup */
export const signupResult = z.strictObject({ bonus: z.number().int(), alreadyCompleted: z.boolean() });
export type SignupResult = z.output<typeof signupResult>;

/** POST /api/phone/verify */
export const phoneVerifyResult = z.strictObject({
  kind: z.enum(['verified', 'already-verified']),
  referralGranted: z.boolean().optional(),
});
export type PhoneVerifyResult = z.output<typeof phoneVerifyResult>;

/** GET /api/referrals */
export const referralsView = z.strictObject({
  referralCode: z.string().nullable(),
  referrals: z.array(z.strictObject({ joinedAt: timestamp, status: z.enum(['pending', 'granted']) })),
});
export type ReferralsView = z.output<typeof referralsView>;
