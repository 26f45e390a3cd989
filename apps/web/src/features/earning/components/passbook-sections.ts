import {
  japanMonthKey,
  type PointHistoryEntry,
  type PointHistoryMonth,
  type PointHistoryPage,
} from '@quiz-points/shared';

/** A Japan-time month of the passbook: its totals and the entries loaded so far. */
export interface PassbookSection {
  totals: PointHistoryMonth;
  entries: PointHistoryEntry[];
}

/**
 * The loaded pages as months, newest first. A month may run over several pages (its entries are
 * joined, its totals taken from the first page that gives them) and may have no entries (the
 * filter's month when nothing in it matches).
 */
export function passbookSections(pages: readonly PointHistoryPage[]): PassbookSection[] {
  const totals = new Map<string, PointHistoryMonth>();
  const entries = new Map<string, PointHistoryEntry[]>();
  for (const page of pages) {
    for (const month of page.months) if (!totals.has(month.month)) totals.set(month.month, month);
    for (const entry of page.entries) {
      const month = japanMonthKey(new Date(entry.createdAt));
      const list = entries.get(month);
      if (list) list.push(entry);
      else entries.set(month, [entry]);
    }
  }
  const months = [...new Set([...totals.keys(), ...entries.keys()])].sort().reverse();
  return months.map((month) => ({
    totals: totals.get(month) ?? { month, gained: 0, used: 0, net: 0 },
    entries: entries.get(month) ?? [],
  }));
}
