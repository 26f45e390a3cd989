import { japanMonthKey, recentJapanMonths } from '../core/japan-time.ts';

/** At most this many months are offered: this Japan-time month and the 23 before it. */
export const PASSBOOK_MONTHS_OFFERED = 24;

/**
 * The months the passbook's filter offers on `now`, newest first (yyyy-mm): from the Japan-time
 * month the member signed up in, never before it (nothing can be there), at most two years.
 */
export function passbookMonths(signedUpAt: string | null, now: Date): string[] {
  const months = recentJapanMonths(now, PASSBOOK_MONTHS_OFFERED);
  if (signedUpAt === null) return months.slice(0, 1);
  const first = japanMonthKey(new Date(signedUpAt));
  return months.filter((month) => month >= first);
}
