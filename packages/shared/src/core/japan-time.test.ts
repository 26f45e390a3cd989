import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  japanClock,
  japanDateKey,
  japanDayStart,
  japanIsoDate,
  japanMonthKey,
  japanMonthRange,
  japanMonthStart,
  monthLabel,
  periodLabel,
  recentJapanMonths,
} from './japan-time.ts';

describe('japanDateKey', () => {
  it('turns at midnight Japan time, not UTC', () => {
    // 23:59:59 JST on 22 November is 14:59:59 UTC; one second later it is 23 November in Japan.
    expect(japanDateKey(new Date('2026-11-22T14:59:59Z'))).toBe('20261122');
    expect(japanDateKey(new Date('2026-11-22T15:00:00Z'))).toBe('20261123');
    expect(japanIsoDate(new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-23');
  });

  it('handles the year end', () => {
    expect(japanDateKey(new Date('2026-12-31T14:59:59Z'))).toBe('20261231');
    expect(japanDateKey(new Date('2026-12-31T15:00:00Z'))).toBe('20270101');
  });
});

describe('japanClock', () => {
  it('reads the Japan-time wall clock, zero-padded, midnight as 00', () => {
    expect(japanClock(new Date('2026-03-04T15:05:06Z'))).toEqual({
      year: '2026',
      month: '03',
      day: '05',
      hour: '00',
      minute: '05',
      second: '06',
    });
  });
});

describe('japanClock against the time-zone database', () => {
  const intl = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const intlClock = (at: Date) => {
    const parts = Object.fromEntries(intl.formatToParts(at).map((part) => [part.type, part.value]));
    return {
      year: parts.year,
      month: parts.month,
      day: parts.day,
      hour: parts.hour,
      minute: parts.minute,
      second: parts.second,
    };
  };

  it('agrees with Intl for Asia/Tokyo at any instant from 1960 to 2100, and around each midnight', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1960-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (at) => {
          expect(japanClock(at)).toEqual(intlClock(at));
          // The second before and at Japan-time midnight of that day.
          const midnight = japanDayStart(japanIsoDate(at));
          expect(japanClock(new Date(midnight.getTime() - 1000))).toEqual(
            intlClock(new Date(midnight.getTime() - 1000)),
          );
          expect(japanClock(midnight)).toEqual(intlClock(midnight));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('day and month boundaries', () => {
  it('starts a Japan-time day at 15:00 UTC the day before', () => {
    expect(japanDayStart('2026-11-23').toISOString()).toBe('2026-11-22T15:00:00.000Z');
  });

  it('starts a Japan-time month at its first midnight, rolling over the year', () => {
    expect(japanMonthStart(2026, 3).toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(japanMonthStart(2026, 13).toISOString()).toBe('2026-12-31T15:00:00.000Z');
  });
});

describe('periodLabel', () => {
  it('writes a billing month without a leading zero', () => {
    expect(periodLabel('202503')).toBe('2025年3月');
    expect(periodLabel('202512')).toBe('2025年12月');
  });
});

describe('passbook months', () => {
  it('puts 23:30 on the last day in that month, and midnight in the next', () => {
    // 2026-01-31 23:30 JST is 14:30 UTC; 2026-02-01 00:00 JST is 15:00 UTC on the 31st.
    expect(japanMonthKey(new Date('2026-01-31T14:30:00Z'))).toBe('2026-01');
    expect(japanMonthKey(new Date('2026-01-31T15:00:00Z'))).toBe('2026-02');
    expect(japanMonthRange('2026-01')).toEqual({
      start: new Date('2025-12-31T15:00:00Z'),
      end: new Date('2026-01-31T15:00:00Z'),
    });
    expect(japanMonthRange('2026-12').end.toISOString()).toBe('2026-12-31T15:00:00.000Z');
  });

  it('lists the recent months newest first, across a year end, in Japan time', () => {
    expect(recentJapanMonths(new Date('2026-01-31T15:00:00Z'), 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(recentJapanMonths(new Date('2026-02-15T00:00:00Z'), 24).at(-1)).toBe('2024-03');
  });

  it('labels a month without a leading zero', () => {
    expect(monthLabel('2026-03')).toBe('2026年3月');
    expect(monthLabel('2026-11')).toBe('2026年11月');
  });
});
