import { z } from 'zod';
import { giftStatuses } from '../constants.ts';
import { adImageShape, timestamp } from './common.ts';

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

/** An ad as a member sees it, with what they did with it. */
const memberAdShape = {
  id: z.string(),
  adProvider: z.string(),
  adTitle: z.string(),
  userReward: z.number().int(),
  /** When this person opened the ad (ISO), or null. */
  clickedAt: timestamp.nullable(),
  answered: z.boolean(),
  ...adImageShape,
};

export const adListItem = z.strictObject({ ...memberAdShape, adUrl: z.string() });
export type AdListItem = z.output<typeof adListItem>;

/** GET /api/ads and GET /api/ads/answered: one page of ads. */
export const adListPage = z.strictObject({
  ads: z.array(adListItem),
  /** Where the next page starts, or null when this page is the last. */
  nextCursor: z.string().nullable(),
});
export type AdListPage = z.output<typeof adListPage>;

/** POST /api/ads/:id/click */
export const adClickResult = z.strictObject({ clickedAt: timestamp, waitSeconds: z.number().int() });
export type AdClickResult = z.output<typeof adClickResult>;

export const adQuiz = z.strictObject({
  ...memberAdShape,
  quizQuestion: z.string(),
  quizOptions: z.array(z.string()),
  /** Seconds until answering is allowed (0 when it is). */
  secondsLeft: z.number(),
});
export type AdQuiz = z.output<typeof adQuiz>;

export const answerResult = z.strictObject({
  isCorrect: z.boolean(),
  points: z.number().int(),
  correctOption: z.number().int(),
  explanation: z.string().nullable().optional(),
});
export type AnswerResult = z.output<typeof answerResult>;

export const dailyQuizToday = z.strictObject({
  id: z.string(),
  quizQuestion: z.string(),
  quizOptions: z.array(z.string()),
  answered: z.boolean(),
});
export type DailyQuizToday = z.output<typeof dailyQuizToday>;

/** POST /api/gacha/claim */
export const gachaClaimResult = z.strictObject({ success: z.literal(true), reward: z.number().int() });
export type GachaClaimResult = z.output<typeof gachaClaimResult>;

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

export const pointHistoryEntry = z.strictObject({
  id: z.number().int(),
  points: z.number().int(),
  memo: z.string(),
  createdAt: timestamp,
});
export type PointHistoryEntry = z.output<typeof pointHistoryEntry>;

/** A Japan-time month's totals over all its entries, whatever the kind filter. */
export const pointHistoryMonth = z.strictObject({
  /** yyyy-mm */
  month: z.string(),
  /** The sum of its gains. */
  gained: z.number().int(),
  /** The sum of its uses, as a positive number. */
  used: z.number().int(),
  /** gained - used */
  net: z.number().int(),
});
export type PointHistoryMonth = z.output<typeof pointHistoryMonth>;

/** GET /api/points/history: one page of the passbook, newest first. */
export const pointHistoryPage = z.strictObject({
  entries: z.array(pointHistoryEntry),
  /** Where the next page starts, or null when this page reaches the ledger's (or the filter's) end. */
  nextCursor: z.string().nullable(),
  /** The totals of each month this page's entries fall in (and of the filter's month), newest first. */
  months: z.array(pointHistoryMonth),
});
export type PointHistoryPage = z.output<typeof pointHistoryPage>;
