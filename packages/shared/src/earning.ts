import { z } from 'zod';
import './zod-config.ts';
import type { AgeBand, Gender } from './constants.ts';
import { messages } from './messages.ts';

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

export interface AdListItem {
  id: string;
  adProvider: string;
  adTitle: string;
  adUrl: string;
  userReward: number;
  /** When this person opened the ad (ISO), or null. */
  clickedAt: string | null;
  answered: boolean;
}

export interface AdQuiz {
  id: string;
  adProvider: string;
  adTitle: string;
  quizQuestion: string;
  quizOptions: string[];
  userReward: number;
  clickedAt: string | null;
  /** Seconds until answering is allowed (0 when it is). */
  secondsLeft: number;
  answered: boolean;
}

export interface AnswerResult {
  isCorrect: boolean;
  points: number;
  correctOption: number;
  explanation?: string | null;
}

export interface DailyQuizToday {
  id: string;
  quizQuestion: string;
  quizOptions: string[];
  answered: boolean;
}

export interface PointHistoryEntry {
  id: number;
  points: number;
  memo: string;
  createdAt: string;
}
