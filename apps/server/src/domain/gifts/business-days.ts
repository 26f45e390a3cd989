import { JAPAN_TIME_ZONE } from '@quiz-points/shared';

const weekday = new Intl.DateTimeFormat('en-US', { timeZone: JAPAN_TIME_ZONE, weekday: 'short' });

/** `days` business days (Monday to Friday, Japan time) after `from`. Public holidays are not counted out. */
export function addBusinessDays(from: Date, days: number): Date {
  let date = new Date(from);
  let left = days;
  while (left > 0) {
    date = new Date(date.getTime() + 86_400_000);
    const day = weekday.format(date);
    if (day !== 'Sat' && day !== 'Sun') left--;
  }
  return date;
}
