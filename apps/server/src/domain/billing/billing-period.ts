import { JAPAN_TIME_ZONE } from '@quiz-points/shared';

const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

const partsFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: JAPAN_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

function japanYearMonthDay(at: Date) {
  const parts = Object.fromEntries(partsFormatter.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** The day of the month in Japan time (billing runs from the 5th). */
export function japanDayOfMonth(at: Date): number {
  return japanYearMonthDay(at).day;
}

export interface BillingPeriod {
  /** yyyymm of the Japan-time month billed. */
  period: string;
  /** The first instant of the next Japan-time month: deliveries before it belong to the bill. */
  end: Date;
}

/** The Japan-time month before `now` (Japan has no daylight saving time: always UTC+9). */
export function previousJapanMonth(now: Date): BillingPeriod {
  const { year, month } = japanYearMonthDay(now);
  const billedYear = month === 1 ? year - 1 : year;
  const billedMonth = month === 1 ? 12 : month - 1;
  return {
    period: `${billedYear}${String(billedMonth).padStart(2, '0')}`,
    end: new Date(Date.UTC(year, month - 1, 1) - JAPAN_OFFSET_MS),
  };
}
