import { z } from 'zod';
import './zod-config.ts';
import { addDays, adReportMessages, dayRangeCheck, REPORT_MAX_DAYS } from '../advertisers/ad-reports.ts';
import { japanIsoDate } from './japan-time.ts';

// A range of Japan-time days picked by a console page: a preset or custom days, kept in
// the page's address. The server reads the days; the browser turns a preset into them.

export const dayRangePresets = ['today', '7d', '30d', 'this-month', 'last-month', 'custom'] as const;
export type DayRangePreset = (typeof dayRangePresets)[number];

export const dayRangePresetLabels: Record<DayRangePreset, string> = {
  today: '今日',
  '7d': '直近7日',
  '30d': '直近30日',
  'this-month': '今月',
  'last-month': '先月',
  custom: '期間を指定',
};

/** Japan-time days, yyyy-mm-dd, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The days a preset covers on the Japan-time day of `now`: it ends today, or on last month's last day. */
export function presetDays(preset: Exclude<DayRangePreset, 'custom'>, now: Date): DayRange {
  const today = japanIsoDate(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'this-month':
      return { from: monthStart, to: today };
    case 'last-month': {
      const lastMonthEnd = addDays(monthStart, -1);
      return { from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd };
    }
  }
}

/** The range as people read it: 2026-04-01 → 2026-04-30 is 2026/04/01〜2026/04/30, one day alone. */
export function dayRangeLabel({ from, to }: DayRange): string {
  const day = (isoDate: string) => isoDate.replaceAll('-', '/');
  return from === to ? day(from) : `${day(from)}〜${day(to)}`;
}

/** The first day a console range may start on: nothing the service counts is older. */
export const CONSOLE_FIRST_DAY = '2020-01-01';
/** The longest console range: a report's, a leap year, so any whole year fits (one rule checks both). */
export const CONSOLE_MAX_DAYS = REPORT_MAX_DAYS;

const consoleDay = (message: string) =>
  z.iso.date({ error: message }).refine((day) => day >= CONSOLE_FIRST_DAY, { error: message });

/**
 * A range of days in a query: both or neither, in order, from CONSOLE_FIRST_DAY on (a day before it
 * may have no PostgreSQL instant in Japan time: never a 500) and at most CONSOLE_MAX_DAYS long, with
 * dayRangeCheck.
 */
export const dayRangeShape = {
  from: consoleDay(adReportMessages.fromInvalid).optional(),
  to: consoleDay(adReportMessages.toInvalid).optional(),
};

/** Days given in a form or an address: `from` and `to` (both or neither), by the same rule. */
export const dayRangeQuery = z.strictObject(dayRangeShape).superRefine(dayRangeCheck);
