import { describe, expect, it } from 'vitest';
import { dayRangeLabel, presetDays } from './day-ranges.ts';

describe('presetDays (Japan-time days)', () => {
  // 00:30 on 1 March 2028 in Japan (a leap year), still 29 February in UTC.
  const now = new Date('2028-02-29T15:30:00Z');

  it.each([
    ['today', { from: '2028-03-01', to: '2028-03-01' }],
    ['7d', { from: '2028-02-24', to: '2028-03-01' }],
    ['30d', { from: '2028-02-01', to: '2028-03-01' }],
    ['this-month', { from: '2028-03-01', to: '2028-03-01' }],
    ['last-month', { from: '2028-02-01', to: '2028-02-29' }],
  ] as const)('%s', (preset, days) => expect(presetDays(preset, now)).toEqual(days));

  it('takes last month across a year', () => {
    expect(presetDays('last-month', new Date('2027-01-10T03:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });
});

describe('dayRangeLabel', () => {
  it('reads one day alone, and a range with 〜', () => {
    expect(dayRangeLabel({ from: '2026-04-01', to: '2026-04-01' })).toBe('2026/04/01');
    expect(dayRangeLabel({ from: '2026-04-01', to: '2026-04-30' })).toBe('2026/04/01〜2026/04/30');
  });
});
