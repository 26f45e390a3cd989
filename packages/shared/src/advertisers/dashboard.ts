import { z } from 'zod';
import { type DayRange, type DayRangePreset, presetDays } from '../core/day-ranges.ts';
import { adReportQuery } from './ad-reports.ts';
import '../core/zod-config.ts';

/**
 * The advertiser dashboard's ranges of Japan-time days: today, the last 7 days (today
 * included), this month so far, last month; any other range is given by its two days.
 */
export const dashboardRanges = ['today', '7days', 'this-month', 'last-month'] as const;
export type DashboardRange = (typeof dashboardRanges)[number];
/** What the dashboard shows when the address names no range. */
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = '7days';

export const dashboardRangeLabels: Record<DashboardRange | 'custom', string> = {
  today: '今日',
  '7days': '7日間',
  'this-month': '今月',
  'last-month': '先月',
  custom: '期間指定',
};

/** An ad has delivered this share of its cap or more: the dashboard warns that it will stop soon. */
export const NEAR_CAP_SHARE = 0.8;
/**
 * An ad's window has this many days left or fewer, today included (its last day is today, tomorrow
 * or the day after): the dashboard warns.
 */
export const WINDOW_ENDING_DAYS = 3;
/** An ad's pace is its deliveries per day over this many days, today included. */
export const PACE_DAYS = 7;

/**
 * The dashboard's words. They stay out of the main catalogue, which every first page downloads
 * (e2e/bundle-budget.e2e.ts): only the advertiser console and the server need them.
 */
export const dashboardMessages = {
  rangeInvalid: '期間の指定が正しくありません。',
  rangeOrDays: '期間は「今日」などの選択か、開始日と終了日のどちらか一方で指定してください。',
};

/**
 * GET /api/advertiser/dashboard's query: a named range, or two days (from, to, as an ad report takes
 * them: both included, at most a leap year), or nothing for DEFAULT_DASHBOARD_RANGE.
 */
export const advertiserDashboardQuery = adReportQuery
  .safeExtend({ range: z.enum(dashboardRanges, { error: dashboardMessages.rangeInvalid }).optional() })
  .superRefine((query, context) => {
    if (query.range !== undefined && (query.from !== undefined || query.to !== undefined))
      context.addIssue({ code: 'custom', message: dashboardMessages.rangeOrDays, path: ['range'] });
  });
export type AdvertiserDashboardQuery = z.infer<typeof advertiserDashboardQuery>;

/** The console's range preset that covers the same days as each named range. */
const presetOfRange = {
  today: 'today',
  '7days': '7d',
  'this-month': 'this-month',
  'last-month': 'last-month',
} as const satisfies Record<DashboardRange, DayRangePreset>;

/** The Japan-time days a named range covers at `now`, both included. */
export function dashboardDays(range: DashboardRange, now: Date): DayRange {
  return presetDays(presetOfRange[range], now);
}
