import { describe, expect, it } from 'vitest';
import { PASSBOOK_MONTHS_OFFERED, passbookMonths } from './passbook-months.ts';

describe('the passbook’s months', () => {
  const now = new Date('2026-11-28T03:00:00Z');

  it('start at the month of sign-up: a member who joined yesterday is offered this month only', () => {
    expect(passbookMonths('2026-11-27T03:00:00Z', now)).toEqual(['2026-11']);
  });

  it('count the sign-up month by Japan time: 31 October 15:00 UTC is already November in Japan', () => {
    expect(passbookMonths('2026-10-31T15:00:00Z', now)).toEqual(['2026-11']);
    expect(passbookMonths('2026-10-31T14:59:59Z', now)).toEqual(['2026-11', '2026-10']);
  });

  it('go back across a year to the sign-up month, newest first', () => {
    expect(passbookMonths('2025-12-05T00:00:00Z', now)).toEqual([
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2026-01',
      '2025-12',
    ]);
  });

  it('offer two years at the most, however long ago the member joined', () => {
    const months = passbookMonths('2019-04-01T00:00:00Z', now);
    expect(months).toHaveLength(PASSBOOK_MONTHS_OFFERED);
    expect(months.at(-1)).toBe('2024-12');
  });

  it('offer this month alone while signup is not finished', () => {
    expect(passbookMonths(null, now)).toEqual(['2026-11']);
  });
});
