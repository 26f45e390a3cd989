import { addDays } from '../advertisers/ad-reports.ts';

/**
 * The member's streak as home shows it on `today` (a Japan-time yyyy-mm-dd day): the run of days with
 * points earned (kept by the ledger, apps/server/src/domain/points/ledger.sql) still counts through the
 * day after its last day, so that it can go on; a day later it is broken, and 0.
 */
export function streakShownOn(streak: { days: number; lastDay: string | null }, today: string): number {
  if (streak.lastDay === null) return 0;
  return streak.lastDay >= addDays(today, -1) ? streak.days : 0;
}
