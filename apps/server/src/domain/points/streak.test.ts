import { earningReasons, japanIsoDate, ledgerReasons } from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { users } from '../../db/schema.ts';
import { memberRow } from '../../test/factories.ts';
import { useTestDatabase } from '../../test/test-database.ts';
import { applyPointChange } from './ledger.ts';

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('the earning streak the ledger keeps', () => {
  const t = useTestDatabase('pglite');
  let sequence = 0;

  async function memberWithStreak(days: number, lastDay: string | null) {
    const id = `streak-${++sequence}`;
    await t.db
      .insert(users)
      .values(memberRow(id, { points: 100, earningStreakDays: days, earningStreakLastDay: lastDay }));
    return id;
  }
  const change = (userId: string, points: number, reason: (typeof ledgerReasons)[number]) =>
    t.db.transaction((tx) => applyPointChange(tx, { userId, points, reason, ref: `r-${++sequence}` }));
  async function streakOf(userId: string) {
    const [row] = await t.db
      .select({ days: users.earningStreakDays, lastDay: users.earningStreakLastDay })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }
  const today = () => japanIsoDate(new Date());

  it('starts at one on the first day points are earned, and a second earning that day keeps it', async () => {
    const id = await memberWithStreak(0, null);
    await change(id, 5, 'gacha');
    expect(await streakOf(id)).toEqual({ days: 1, lastDay: today() });
    await change(id, 12, 'ad_quiz');
    expect(await streakOf(id)).toEqual({ days: 1, lastDay: today() });
  });

  it('grows by one the day after its last day, and starts again after a day without', async () => {
    const goingOn = await memberWithStreak(4, addDays(today(), -1));
    await change(goingOn, 10, 'daily_quiz');
    expect(await streakOf(goingOn)).toEqual({ days: 5, lastDay: today() });

    const broken = await memberWithStreak(9, addDays(today(), -2));
    await change(broken, 10, 'daily_quiz');
    expect(await streakOf(broken)).toEqual({ days: 1, lastDay: today() });
  });

  it('is not carried on by a refund, an adjustment or a spending', async () => {
    const id = await memberWithStreak(3, addDays(today(), -1));
    await change(id, 50, 'gift_refund');
    await change(id, 50, 'admin_adjustment');
    await change(id, -20, 'admin_adjustment');
    expect(await streakOf(id)).toEqual({ days: 3, lastDay: addDays(today(), -1) });
  });

  it('counts the SQL earning reasons as the shared list does', async () => {
    const rows = await queryRows<{ reason: string; earning: boolean }>(
      t.db,
      sql`select reason, qp_is_earning(reason, 1) as earning
          from unnest(${sql.raw(`array[${ledgerReasons.map((r) => `'${r}'`).join(',')}]`)}) as reason`,
    );
    expect(rows.filter((row) => row.earning).map((row) => row.reason)).toEqual([...earningReasons]);
    const [negative] = await queryRows<{ earning: boolean }>(
      t.db,
      sql`select qp_is_earning('gacha', -1) as earning`,
    );
    expect(negative?.earning).toBe(false);
  });

  it.each([
    // The last instant of 27 November in Japan, then the first of the 28th (15:00 UTC).
    ['2026-11-27T14:59:59.999Z', 3],
    ['2026-11-27T15:00:00.000Z', 4],
    ['2026-11-28T14:59:59.999Z', 4],
    ['2026-11-28T15:00:00.000Z', 1],
  ])('after a streak of 3 through 27 November, earning at %s leaves %i', async (at, expected) => {
    const [row] = await queryRows<{ days: number }>(
      t.db,
      sql`select qp_streak_after(3, '2026-11-27', qp_japan_day(${at}::timestamptz)) as days`,
    );
    expect(row?.days).toBe(expected);
  });
});
