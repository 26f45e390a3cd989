import { describe, expect, it } from 'vitest';
import { japanIsoDate } from '../core/japan-time.ts';
import { streakShownOn } from './streak.ts';

describe('the streak home shows', () => {
  it.each([
    [{ days: 5, lastDay: '2026-11-28' }, '2026-11-28', 5],
    [{ days: 5, lastDay: '2026-11-27' }, '2026-11-28', 5],
    [{ days: 5, lastDay: '2026-11-26' }, '2026-11-28', 0],
    [{ days: 2, lastDay: '2026-12-31' }, '2027-01-01', 2],
    [{ days: 0, lastDay: null }, '2026-11-28', 0],
  ])('%o on %s shows %i', (streak, today, shown) => {
    expect(streakShownOn(streak, today)).toBe(shown);
  });

  it('counts days by Japan time: at 23:59 and 00:00 in Japan the day turns, not at UTC midnight', () => {
    const streak = { days: 3, lastDay: '2026-11-27' };
    // 28 November 23:59:59 in Japan: the streak is still alive (yesterday was its last day).
    expect(streakShownOn(streak, japanIsoDate(new Date('2026-11-28T14:59:59Z')))).toBe(3);
    // One second later it is 29 November in Japan (still the 28th in UTC): broken.
    expect(streakShownOn(streak, japanIsoDate(new Date('2026-11-28T15:00:00Z')))).toBe(0);
  });
});
