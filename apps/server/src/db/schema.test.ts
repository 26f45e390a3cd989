import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adRow } from '../test/factories.ts';
import { databaseKinds, useTestDatabase } from '../test/test-database.ts';
import { queryRows } from './query-rows.ts';
import { ads, dailyQuizzes, pointTransactions, quizResponses, users } from './schema.ts';

const user = (id: string) => ({ id, email: `${id}@example.com`, emailHash: `hash-${id}` });
/** An ad waiting for review, to be delivered twice at most. */
const ad = adRow({ status: 'pending', isActive: false, maxDeliveries: 2 });

/** Postgres reports the violated constraint by name; drizzle wraps it as the error's cause. */
async function violation(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; message?: string } }).cause;
    return cause?.constraint ?? cause?.message ?? String(error);
  }
  throw new Error('expected a constraint violation');
}

describe.each(databaseKinds())('schema constraints on %s', (kind) => {
  const database = useTestDatabase(kind);
  beforeAll(async () => {
    await database.db.insert(users).values([user('u1'), user('u2')]);
  });

  it('has run every migration', async () => {
    const rows = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from information_schema.tables where table_schema = 'public'`,
    );
    expect(rows[0]!.count).toBeGreaterThanOrEqual(19);
  });

  it('never lets a balance go below zero', async () => {
    expect(await violation(database.db.update(users).set({ points: -1 }).where(sql`id = 'u1'`))).toMatch(
      /users_points_non_negative/,
    );
  });

  it('keeps deliveries within the cap and activity to approved ads', async () => {
    const [approved] = await database.db
      .insert(ads)
      .values({ ...ad, status: 'approved', isActive: true })
      .returning({ id: ads.id });
    const slots = await queryRows<{ remaining: number }>(
      database.db,
      sql`select remaining from ad_delivery_slots where ad_id = ${approved!.id} order by slot`,
    );
    expect(slots.reduce((sum, slot) => sum + slot.remaining, 0)).toBe(ad.maxDeliveries);
    expect(
      await violation(
        database.db.execute(
          sql`update ad_delivery_slots set remaining = remaining - 1 where ad_id = ${approved!.id}`,
        ),
      ),
    ).toMatch(/ad_delivery_slots_remaining_non_negative/);
    const [row] = await database.db.insert(ads).values(ad).returning({ id: ads.id });
    expect(
      await violation(database.db.update(ads).set({ isActive: true }).where(sql`id = ${row!.id}`)),
    ).toMatch(/ads_active_only_when_approved/);
    expect(await violation(database.db.insert(ads).values({ ...ad, adUrl: 'javascript:alert(1)' }))).toMatch(
      /ads_url_http/,
    );
    expect(await violation(database.db.insert(ads).values({ ...ad, quizOptions: ['only one'] }))).toMatch(
      /ads_options_count/,
    );
  });

  it('allows one response per person and ad', async () => {
    const [row] = await database.db.insert(ads).values(ad).returning({ id: ads.id });
    const response = { userId: 'u1', emailHash: 'hash-u1', adId: row!.id };
    await database.db.insert(quizResponses).values(response);
    expect(await violation(database.db.insert(quizResponses).values(response))).toMatch(
      /quiz_responses_person_ad_key/,
    );
  });

  it('lets one cause credit the ledger once', async () => {
    const entry = {
      userId: 'u2',
      points: 5,
      memo: 'ポイント獲得',
      reason: 'gacha' as const,
      ref: '20261122',
    };
    await database.db.insert(pointTransactions).values(entry);
    expect(await violation(database.db.insert(pointTransactions).values(entry))).toMatch(
      /point_transactions_cause_key/,
    );
  });

  it('keeps the ledger reason to the shared list', async () => {
    const insert = database.db.execute(
      sql`insert into point_transactions (user_id, points, memo, reason, ref) values ('u2', 1, 'memo', 'bonus', 'r')`,
    );
    expect(await violation(insert)).toMatch(/point_transactions_reason_valid/);
  });

  it('checks daily quiz keys and the correct option', async () => {
    const quiz = { quizQuestion: 'Q', quizOptions: ['a', 'b'], correctOptionIndex: 1 };
    expect(
      await violation(database.db.insert(dailyQuizzes).values({ ...quiz, publishDate: '2026-11-22' })),
    ).toMatch(/daily_quizzes_date_format|value too long/);
    expect(
      await violation(
        database.db.insert(dailyQuizzes).values({ ...quiz, publishDate: '20261122', correctOptionIndex: 3 }),
      ),
    ).toMatch(/daily_quizzes_index_range/);
  });
});
