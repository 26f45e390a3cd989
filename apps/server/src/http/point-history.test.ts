import { japanMonthKey, messages, type PointHistoryMonth, type PointHistoryPage } from '@quiz-points/shared';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pointTransactions } from '../db/schema.ts';
import { applyPointChange } from '../domain/points/ledger.ts';
import { type DatedEntry, datedLedgerEntries } from '../test/factories.ts';
import type { ErrorReply, TestHttpClient } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const DAY = 86_400_000;
/** 2026-03-01 12:00 in Japan. */
const base = new Date('2026-03-01T03:00:00Z');

/**
 * 120 entries going back a day for every three (so three share each instant, and a page can end
 * inside such a tie), over January to March 2026; every fourth a use.
 */
const hundredTwenty: DatedEntry[] = Array.from({ length: 120 }, (_, i) => ({
  points: i % 4 === 3 ? -(100 + i) : 1000 + i,
  at: new Date(base.getTime() - Math.floor(i / 3) * DAY),
}));

/** Each month's totals, computed here from the entries themselves. */
function expectedMonths(entries: { points: number; at: Date }[]): Map<string, PointHistoryMonth> {
  const months = new Map<string, PointHistoryMonth>();
  for (const { points, at } of entries) {
    const month = japanMonthKey(at);
    const total = months.get(month) ?? { month, gained: 0, used: 0, net: 0 };
    if (points > 0) total.gained += points;
    else total.used -= points;
    total.net += points;
    months.set(month, total);
  }
  return months;
}

async function history(client: TestHttpClient, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  const response = await client.json<PointHistoryPage>(
    'GET',
    `/api/points/history${search ? `?${search}` : ''}`,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Every page from the first, following `nextCursor` until it is null. */
async function allPages(client: TestHttpClient, query: Record<string, string> = {}) {
  const pages: PointHistoryPage[] = [];
  let cursor: string | null | undefined;
  do {
    const page = await history(client, cursor ? { ...query, cursor } : query);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 10);
  return pages;
}

describe.each(databaseKinds())('the passbook on %s', (kind) => {
  const t = useTestApp(kind);

  it('pages back through the whole ledger, each entry exactly once, newest first', async () => {
    const person = await t.as.user();
    await datedLedgerEntries(t.database.db, person.uid, hundredTwenty);
    const ledgerOrder = await t.database.db
      .select({ id: pointTransactions.id })
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, person.uid))
      .orderBy(desc(pointTransactions.createdAt), desc(pointTransactions.id));

    const first = await history(person.client);
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]!.memo).toBe(messages.memoSignupBonus);
    // An entry written while the person reads does not shift the pages behind the cursor.
    await t.database.db.transaction((tx) =>
      applyPointChange(tx, { userId: person.uid, points: 5, reason: 'gacha', ref: 'while-reading' }),
    );
    const rest = await allPages(person.client, { cursor: first.nextCursor! });
    const pages = [first, ...rest];
    expect(pages.map((page) => page.entries.length)).toEqual([50, 50, 21]);
    expect(pages.map((page) => page.nextCursor === null)).toEqual([false, false, true]);
    const ids = pages.flatMap((page) => page.entries.map((entry) => entry.id));
    expect(ids).toEqual(ledgerOrder.map((row) => row.id));
    expect(new Set(ids).size).toBe(121);
    // The three entries of one instant straddle the first page's end.
    expect(first.entries.at(-1)!.createdAt).toBe(rest[0]!.entries[0]!.createdAt);
  });

  it('filters gains and uses, paging each', async () => {
    const person = await t.as.user();
    await datedLedgerEntries(t.database.db, person.uid, hundredTwenty);

    const gains = (await allPages(person.client, { kind: 'gain' })).map((page) => page.entries);
    expect(gains.map((entries) => entries.length)).toEqual([50, 41]);
    expect(gains.flat().every((entry) => entry.points > 0)).toBe(true);
    expect(new Set(gains.flat().map((entry) => entry.id)).size).toBe(91);

    const uses = await allPages(person.client, { kind: 'use' });
    expect(uses).toHaveLength(1);
    expect(uses[0]!.entries).toHaveLength(30);
    expect(uses[0]!.entries.every((entry) => entry.points < 0)).toBe(true);
    expect(uses[0]!.nextCursor).toBeNull();
  });

  it('answers the totals of every month each page shows, whatever the kind', async () => {
    const person = await t.as.user();
    await datedLedgerEntries(t.database.db, person.uid, hundredTwenty);
    const expected = expectedMonths(hundredTwenty);
    expect([...expected.keys()]).toEqual(['2026-03', '2026-02', '2026-01']);

    for (const kind of [undefined, 'gain', 'use']) {
      for (const page of await allPages(person.client, kind ? { kind } : {})) {
        const shown = [...new Set(page.entries.map((entry) => japanMonthKey(new Date(entry.createdAt))))];
        expect(page.months.map((month) => month.month)).toEqual(shown);
        for (const month of page.months) {
          // This month also holds the signup bonus (today), unless today is before March 2026.
          if (month.month !== japanMonthKey(new Date())) expect(month).toEqual(expected.get(month.month));
        }
      }
    }
  });

  it('puts each entry in its Japan-time month: 23:30 on the last day is that month', async () => {
    const person = await t.as.user();
    await datedLedgerEntries(t.database.db, person.uid, [
      { points: 500, at: new Date('2026-01-31T14:30:00Z') }, // 2026-01-31 23:30 JST
      { points: 700, at: new Date('2026-01-31T15:00:00Z') }, // 2026-02-01 00:00 JST
      { points: 300, at: new Date('2025-12-31T14:59:59Z') }, // 2025-12-31 23:59:59 JST
      { points: -200, at: new Date('2025-12-31T15:00:00Z') }, // 2026-01-01 00:00 JST
    ]);
    const points = (page: PointHistoryPage) => page.entries.map((entry) => entry.points);

    const january = await history(person.client, { month: '2026-01' });
    expect(points(january)).toEqual([500, -200]);
    expect(january.months).toEqual([{ month: '2026-01', gained: 500, used: 200, net: 300 }]);
    expect(january.nextCursor).toBeNull();
    expect(points(await history(person.client, { month: '2026-02' }))).toEqual([700]);
    expect(points(await history(person.client, { month: '2025-12' }))).toEqual([300]);

    const januaryUses = await history(person.client, { month: '2026-01', kind: 'use' });
    expect(points(januaryUses)).toEqual([-200]);
    expect(januaryUses.months).toEqual(january.months);
    const januaryGains = await history(person.client, { month: '2026-01', kind: 'gain' });
    expect(points(januaryGains)).toEqual([500]);

    const empty = await history(person.client, { month: '2025-11' });
    expect(empty).toEqual({
      entries: [],
      nextCursor: null,
      months: [{ month: '2025-11', gained: 0, used: 0, net: 0 }],
    });
  });

  it("never pages into another person's ledger, and refuses bad values with a message", async () => {
    const person = await t.as.user();
    const other = await t.as.user();
    const [otherEntry] = await datedLedgerEntries(t.database.db, other.uid, [{ points: 900, at: base }]);
    const fromOther = await history(person.client, { cursor: String(otherEntry) });
    expect(fromOther).toEqual({ entries: [], nextCursor: null, months: [] });

    const [ownEntry] = await t.database.db
      .select({ id: pointTransactions.id })
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, person.uid))
      .limit(1);
    const before = await history(person.client);
    for (const [query, message] of [
      ['kind=gains', messages.historyKindInvalid],
      ['kind=', messages.historyKindInvalid],
      ['month=2026-13', messages.historyMonthInvalid],
      ['month=2026-1', messages.historyMonthInvalid],
      ['month=', messages.historyMonthInvalid],
      ['cursor=abc', messages.historyCursorInvalid],
      ['cursor=-1', messages.historyCursorInvalid],
      [`cursor=${ownEntry!.id}&cursor=${ownEntry!.id}`, messages.historyCursorInvalid],
      ['before=100', messages.badRequest],
    ] as const) {
      const refused = await person.client.json<ErrorReply>('GET', `/api/points/history?${query}`);
      expect([refused.status, refused.body.error.message], query).toEqual([400, message]);
    }
    expect(await history(person.client)).toEqual(before);
  });
});
