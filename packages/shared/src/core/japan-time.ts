/**
 * Japan time, the product's one clock (SPEC §9): days, months, the daily quiz and billing all turn
 * at Japan-time midnight. Every other place (SQL included, through the server's db/japan-time-sql.ts)
 * takes the zone from here.
 */
export const JAPAN_TIME_ZONE = 'Asia/Tokyo';

/** Japan has had no daylight saving time since 1951: always UTC+9. */
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

export type JapanClock = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

const pad = (value: number, digits = 2) => String(value).padStart(digits, '0');

/**
 * The Japan-time wall clock of an instant, zero-padded (year 4 digits, the rest 2): the instant
 * moved by the fixed offset, read in UTC. No Intl.DateTimeFormat with a time zone: building one
 * loads the browser's zone data, which cost the member's home ~120 ms of a slow phone's main
 * thread as its code started (docs/performance.md, "Signed-in pages"); japan-time.test.ts holds
 * this to Intl's answer.
 */
export function japanClock(at: Date): JapanClock {
  const shifted = new Date(at.getTime() + JAPAN_OFFSET_MS);
  return {
    year: pad(shifted.getUTCFullYear(), 4),
    month: pad(shifted.getUTCMonth() + 1),
    day: pad(shifted.getUTCDate()),
    hour: pad(shifted.getUTCHours()),
    minute: pad(shifted.getUTCMinutes()),
    second: pad(shifted.getUTCSeconds()),
  };
}

/** The Japan-time calendar day of an instant as yyyymmdd (the daily-quiz key of SPEC §3). */
export function japanDateKey(at: Date): string {
  const { year, month, day } = japanClock(at);
  return `${year}${month}${day}`;
}

/** The Japan-time calendar day of an instant as yyyy-mm-dd. */
export function japanIsoDate(at: Date): string {
  const { year, month, day } = japanClock(at);
  return `${year}-${month}-${day}`;
}

/** The first instant of a Japan-time day given as yyyy-mm-dd. */
export function japanDayStart(isoDate: string): Date {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) - JAPAN_OFFSET_MS);
}

/** The first instant of a Japan-time month (1–12; 13 is January of the next year). */
export function japanMonthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month - 1, 1) - JAPAN_OFFSET_MS);
}

/** The Japan-time calendar month of an instant as yyyy-mm (the passbook's months). */
export function japanMonthKey(at: Date): string {
  const { year, month } = japanClock(at);
  return `${year}-${month}`;
}

/** A Japan-time month given as yyyy-mm: its first instant, and the first of the next month. */
export function japanMonthRange(monthKey: string): { start: Date; end: Date } {
  const [year, month] = monthKey.split('-').map(Number) as [number, number];
  return { start: japanMonthStart(year, month), end: japanMonthStart(year, month + 1) };
}

/** The `count` Japan-time months up to the one `at` falls in, newest first, as yyyy-mm. */
export function recentJapanMonths(at: Date, count: number): string[] {
  const { year, month } = japanClock(at);
  return Array.from({ length: count }, (_, back) => {
    const index = Number(year) * 12 + Number(month) - 1 - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** A month (yyyy-mm) as people read it: 2025-03 → 2025年3月. */
export const monthLabel = (monthKey: string) => periodLabel(monthKey.replace('-', ''));

/** A billing period (yyyymm) as people read it: 202503 → 2025年3月. */
export function periodLabel(period: string): string {
  return `${period.slice(0, 4)}年${Number(period.slice(4))}月`;
}
