import type { z } from 'zod';
import '../core/zod-config.ts';
import type { adHolds } from '../core/constants.ts';
import { japanDay } from '../core/japan-day.ts';
import { japanIsoDate } from '../core/japan-time.ts';

/** Why an approved ad is held back from delivery (constants.ts adHolds). */
export type AdHold = (typeof adHolds)[number];

/**
 * Running an ad: its delivery window, pausing it, drafts and copies. The words stay out of
 * the main catalogue (messages.ts), which every first page downloads: only the advertiser's and the
 * admin's pages need them, and the server sends the schedule's.
 */
export const runningAdMessages = {
  dateInvalid: '配信期間の日付を正しく入力してください。',
  endBeforeStart: '配信終了日は配信開始日以降の日付を指定してください。',
  startInPast: '配信開始日は今日以降の日付を指定してください。',
  endInPast: '配信終了日は今日以降の日付を指定してください。',
  notApproved: '承認済みの広告のみ一時停止・再開できます。',
  paused: '広告の配信を一時停止しました。',
  resumed: '広告の配信を再開しました。',
  pauseConfirm: 'この広告の配信を一時停止しますか？（再開するまで表示されません。配信上限は変わりません）',
  pauseFailed: '一時停止に失敗しました。',
  resumeFailed: '再開に失敗しました。',
  notDraft: 'この広告はすでに審査に提出されています。',
  draftSaved: '下書きを保存しました。',
  draftSaveFailed: '下書きの保存に失敗しました。',
  submitFailed: '審査への提出に失敗しました。',
  duplicated: '広告を複製しました。下書きから編集して審査に提出できます。',
  duplicateFailed: '広告の複製に失敗しました。',
} as const;

/** A Japan-time calendar day, yyyy-mm-dd, in this century (a typo's year 0202 or 20266 is refused). */
const scheduleDate = japanDay({ invalid: runningAdMessages.dateInvalid });

/**
 * The delivery window's fields of the ad's request: the first and the last Japan-time day it may
 * deliver, both included. Either may be left out (or null): open at that end.
 */
export const adScheduleShape = {
  startDate: scheduleDate.nullable().optional(),
  endDate: scheduleDate.nullable().optional(),
};

/** An ad's delivery window as Japan-time days (yyyy-mm-dd, both included); null is open at that end. */
export interface AdSchedule {
  startDate?: string | null;
  endDate?: string | null;
}

/** Today, as the schedule's rules count days: the Japan-time calendar day. */
export const scheduleToday = (now = new Date()) => japanIsoDate(now);

/**
 * What is wrong with a window on any submission, with the field it concerns: an end before the start,
 * or an end already past (the ad could never deliver).
 */
export function scheduleProblem(schedule: AdSchedule, today = scheduleToday()) {
  const { startDate, endDate } = schedule;
  if (startDate && endDate && endDate < startDate) {
    return { field: 'endDate', message: runningAdMessages.endBeforeStart } as const;
  }
  if (endDate && endDate < today) return { field: 'endDate', message: runningAdMessages.endInPast } as const;
  return null;
}

/**
 * What is wrong with a new ad's window (created, saved as a draft, or a draft submitted): the rules
 * of any submission, and a start already past (a rejected ad resubmitted may keep its past start).
 */
export function newScheduleProblem(schedule: AdSchedule, today = scheduleToday()) {
  return startProblem(schedule, today) ?? scheduleProblem(schedule, today);
}

/** A new ad's start date already past. */
export function startProblem(schedule: AdSchedule, today = scheduleToday()) {
  if (schedule.startDate && schedule.startDate < today) {
    return { field: 'startDate', message: runningAdMessages.startInPast } as const;
  }
  return null;
}

type ScheduleProblem = { field: 'startDate' | 'endDate'; message: string } | null;

/** A zod check for an ad request's window: the rule `problem` names, reported on its field. */
export const scheduleCheck =
  (problem: (schedule: AdSchedule) => ScheduleProblem) =>
  (schedule: AdSchedule, context: z.RefinementCtx) => {
    const found = problem(schedule);
    if (found) context.addIssue({ code: 'custom', message: found.message, path: [found.field] });
  };

/** Where an ad stands in its window today: before it, inside it, or after it. */
export function schedulePhase(schedule: AdSchedule, today = scheduleToday()) {
  if (schedule.startDate && today < schedule.startDate) return 'before' as const;
  if (schedule.endDate && schedule.endDate < today) return 'after' as const;
  return 'within' as const;
}

/** 2026-12-01 → 2026/12/01, the status page's way. */
const slashed = (date: string) => date.replaceAll('-', '/');

/** The window as the status page reads it: 2026/12/01〜2026/12/31, 2026/12/01〜, 〜2026/12/31. */
export function scheduleLabel({ startDate, endDate }: AdSchedule): string | null {
  if (!startDate && !endDate) return null;
  return `${startDate ? slashed(startDate) : ''}〜${endDate ? slashed(endDate) : ''}`;
}
