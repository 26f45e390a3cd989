import { japanClock, japanMonthStart } from '@quiz-points/shared';

/** The day of the month in Japan time (billing runs from the 5th). */
export function japanDayOfMonth(at: Date): number {
  return Number(japanClock(at).day);
}

export interface BillingPeriod {
  /** yyyymm of the Japan-time month billed. */
  period: string;
  /** The first instant of the next Japan-time month: deliveries before it belong to the bill. */
  end: Date;
}

/** The Japan-time month before `now`. */
export function previousJapanMonth(now: Date): BillingPeriod {
  const clock = japanClock(now);
  const year = Number(clock.year);
  const month = Number(clock.month);
  const billedYear = month === 1 ? year - 1 : year;
  const billedMonth = month === 1 ? 12 : month - 1;
  return {
    period: `${billedYear}${String(billedMonth).padStart(2, '0')}`,
    end: japanMonthStart(year, month),
  };
}
