import { describe, expect, it } from 'vitest';
import { japanDateKey, japanIsoDate } from './japan-time.ts';

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
