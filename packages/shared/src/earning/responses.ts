import { z } from 'zod';
import { adImageShape, timestamp } from '../core/responses.ts';

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
  /** The ad takes no more answers: its delivery ended. */
  ended: z.boolean(),
});
export type AdQuiz = z.output<typeof adQuiz>;

export const answerResult = z.strictObject({
  isCorrect: z.boolean(),
  points: z.number().int(),
  correctOption: z.number().int(),
  explanation: z.string().nullable().optional(),
  /** The member's balance with these points in it. */
  balance: z.number().int().nonnegative(),
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
export const gachaClaimResult = z.strictObject({
  success: z.literal(true),
  reward: z.number().int(),
  /** The member's balance with the reward in it. */
  balance: z.number().int().nonnegative(),
});
export type GachaClaimResult = z.output<typeof gachaClaimResult>;

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
