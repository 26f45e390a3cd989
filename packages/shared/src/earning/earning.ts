import { z } from 'zod';
import '../core/zod-config.ts';
import type { AgeBand, Gender } from '../core/constants.ts';
import { messages } from '../core/messages.ts';

/** SPEC §9: a wrong answer gives a small share of the reward: 10 %, rounded down, at least 1. */
export function wrongAnswerPoints(userReward: number): number {
  return Math.max(1, Math.floor(userReward / 10));
}

/** A chosen option (1-based). The range against the quiz's own options is checked by the server. */
export const answerBody = z.strictObject({
  option: z
    .number({ error: messages.chooseOneOption })
    .int({ error: messages.chooseOneOption })
    .min(1, { error: messages.chooseOneOption })
    .max(5, { error: messages.chooseOneOption }),
});
export type AnswerBody = z.infer<typeof answerBody>;

export type TargetGender = Record<Gender, boolean>;
export type TargetAgeRange = Record<AgeBand, boolean>;

/** SPEC-NOTES: no box ticked means everyone. */
export function targets(
  ad: { targetGender: TargetGender; targetAgeRange: TargetAgeRange },
  viewer: { gender: Gender | null; ageBand: AgeBand | null },
): boolean {
  const anyGender = Object.values(ad.targetGender).some(Boolean);
  const anyAge = Object.values(ad.targetAgeRange).some(Boolean);
  const genderOk = !anyGender || (viewer.gender !== null && ad.targetGender[viewer.gender]);
  const ageOk = !anyAge || (viewer.ageBand !== null && ad.targetAgeRange[viewer.ageBand]);
  return genderOk && ageOk;
}

/** How many passbook entries one page holds. */
export const POINT_HISTORY_PAGE_SIZE = 50;

/** The passbook's kinds: gains (points > 0) and uses (points < 0); no kind means both. */
export const pointHistoryKinds = ['gain', 'use'] as const;
export type PointHistoryKind = (typeof pointHistoryKinds)[number];

/** A page's `cursor` naming a row by its serial id: the previous page's `nextCursor` as it came. */
const serialCursor = z
  .string({ error: messages.historyCursorInvalid })
  .regex(/^[1-9][0-9]{0,15}$/, { error: messages.historyCursorInvalid });

/**
 * GET /api/points/history: `cursor` is the previous page's `nextCursor` as it came (the server finds
 * its place in the ledger from it); `month` is a Japan-time month, yyyy-mm.
 */
export const pointHistoryQuery = z.strictObject({
  cursor: serialCursor.optional(),
  kind: z.enum(pointHistoryKinds, { error: messages.historyKindInvalid }).optional(),
  month: z
    .string({ error: messages.historyMonthInvalid })
    .regex(/^[12][0-9]{3}-(0[1-9]|1[0-2])$/, { error: messages.historyMonthInvalid })
    .optional(),
});
export type PointHistoryQuery = z.infer<typeof pointHistoryQuery>;

/** How many ads one page of the ad list (or of the answered ads) holds. */
export const AD_LIST_PAGE_SIZE = 50;

/** GET /api/ads: `cursor` is the previous page's `nextCursor`, the last ad it showed. */
export const adListQuery = z.strictObject({
  cursor: z.uuid({ error: messages.historyCursorInvalid }).optional(),
});
export type AdListQuery = z.infer<typeof adListQuery>;

/** GET /api/ads/answered: `cursor` is the previous page's `nextCursor`, the last answer it showed. */
export const answeredAdsQuery = z.strictObject({ cursor: serialCursor.optional() });
export type AnsweredAdsQuery = z.infer<typeof answeredAdsQuery>;
