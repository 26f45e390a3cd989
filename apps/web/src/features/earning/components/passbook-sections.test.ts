import type { PointHistoryPage } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { passbookSections } from './passbook-sections.ts';

const entry = (id: number, points: number, createdAt: string) => ({ id, points, memo: 'メモ', createdAt });
const month = (key: string, gained: number, used: number) => ({
  month: key,
  gained,
  used,
  net: gained - used,
});

describe('passbookSections', () => {
  it('groups the loaded pages by Japan-time month, joining a month that runs over two pages', () => {
    const pages: PointHistoryPage[] = [
      {
        // 2026-01-31 23:30 in Japan: January.
        entries: [entry(4, 4000, '2026-02-03T00:00:00Z'), entry(3, -1000, '2026-01-31T14:30:00Z')],
        nextCursor: '3',
        months: [month('2026-02', 4000, 0), month('2026-01', 1500, 1000)],
      },
      {
        // 2026-01-02 00:00 and 2026-01-01 00:00 in Japan: January too.
        entries: [entry(2, 1500, '2026-01-01T15:00:00Z'), entry(1, 700, '2025-12-31T15:00:00Z')],
        nextCursor: null,
        months: [month('2026-01', 2200, 1000)],
      },
    ];
    const sections = passbookSections(pages);
    expect(sections.map((section) => section.totals.month)).toEqual(['2026-02', '2026-01']);
    expect(sections[1]!.entries.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(sections[1]!.totals).toEqual(month('2026-01', 1500, 1000));
  });

  it("keeps the filter's month with its totals when nothing in it matches", () => {
    const sections = passbookSections([
      { entries: [], nextCursor: null, months: [month('2025-11', 300, 0)] },
    ]);
    expect(sections).toEqual([{ totals: month('2025-11', 300, 0), entries: [] }]);
  });

  it('has no sections for an empty passbook', () => {
    expect(passbookSections([{ entries: [], nextCursor: null, months: [] }])).toEqual([]);
  });
});
