import { z } from 'zod';
import '../core/zod-config.ts';
import { JAPAN_DAY_FIRST, JAPAN_DAY_LAST, japanDay } from '../core/japan-day.ts';

/** A report covers this many Japan-time days unless asked otherwise (or fewer, from the ad's first day). */
export const REPORT_DEFAULT_DAYS = 30;
/** The longest range one report (or CSV) covers: a leap year, so any whole year fits. */
export const REPORT_MAX_DAYS = 366;

/**
 * The ad report's words. They stay out of the main catalogue, which every first page
 * downloads (e2e/bundle-budget.e2e.ts): only the advertiser's report page and the server need them.
 */
export const adReportMessages = {
  fromInvalid: '開始日を正しい日付で入力してください（例：2026-04-01）。',
  toInvalid: '終了日を正しい日付で入力してください（例：2026-04-30）。',
  bothNeeded: '開始日と終了日を両方入力してください。',
  fromAfterTo: '開始日は終了日と同じか、それより前の日付にしてください。',
  tooLong: `期間は${REPORT_MAX_DAYS}日以内で指定してください。`,
  outOfRange: `日付は${JAPAN_DAY_FIRST}から${JAPAN_DAY_LAST}までの間で指定してください。`,
  downloadFailed: 'CSVのダウンロードに失敗しました。時間をおいて再度お試しください。',
};

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;

/** The day `days` after (or before, when negative) a yyyy-mm-dd day. */
export function addDays(isoDate: string, days: number): string {
  return new Date((dayNumber(isoDate) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both counted (2026-04-01 to 2026-04-01 is 1). */
export const daysInRange = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/** Every day from `from` to `to`, both included, oldest first. */
export function eachDay(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, daysInRange(from, to)) }, (_, i) => addDays(from, i));
}

const range = {
  from: japanDay({
    invalid: adReportMessages.fromInvalid,
    outOfRange: adReportMessages.outOfRange,
  }).optional(),
  to: japanDay({ invalid: adReportMessages.toInvalid, outOfRange: adReportMessages.outOfRange }).optional(),
};

/**
 * A range of days in a query (a report's, a console page's): both or neither, in order, and not
 * longer than REPORT_MAX_DAYS.
 */
export function dayRangeCheck({ from, to }: { from?: string; to?: string }, context: z.RefinementCtx) {
  const fail = (message: string, path: string) => context.addIssue({ code: 'custom', message, path: [path] });
  if ((from === undefined) !== (to === undefined))
    return fail(adReportMessages.bothNeeded, from === undefined ? 'from' : 'to');
  if (from === undefined || to === undefined) return;
  if (from > to) return fail(adReportMessages.fromAfterTo, 'from');
  if (daysInRange(from, to) > REPORT_MAX_DAYS) fail(adReportMessages.tooLong, 'to');
}

/**
 * The report's range: Japan-time days `from` to `to`, both included, at most REPORT_MAX_DAYS; both
 * or neither (neither: the last REPORT_DEFAULT_DAYS days, from the ad's first day at the earliest).
 */
export const adReportQuery = z.strictObject(range).superRefine(dayRangeCheck);
export type AdReportQuery = z.infer<typeof adReportQuery>;

/** Which table a report CSV holds: the days of the range, or the answers per option. */
export const adReportCsvTables = ['days', 'options'] as const;
export type AdReportCsvTable = (typeof adReportCsvTables)[number];

/** The CSV of a report: the same range, and which table (the days unless said). */
export const adReportCsvQuery = z
  .strictObject({ ...range, table: z.enum(adReportCsvTables).optional() })
  .superRefine(dayRangeCheck);
export type AdReportCsvQuery = z.infer<typeof adReportCsvQuery>;
