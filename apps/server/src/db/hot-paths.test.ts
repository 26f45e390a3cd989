import { ageBandOf, ageOn, messages, wrongAnswerPoints } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithSession } from '../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { refusalOf, runHot } from './hot-statement.ts';
import { queryRows } from './query-rows.ts';

/** The rules migrations/0003_hot_paths.sql and 0004_hot_ad.sql hold for the one-statement hot paths. */
describe('the hot paths’ SQL rules', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('gives a wrong answer the same points as the browser says (10 %, at least 1)', async () => {
    const rows = await queryRows<{ reward: number; points: number }>(
      database.db,
      sql`select r as reward, qp_wrong_answer_points(r) as points from generate_series(1, 1000) r`,
    );
    expect(rows.filter((row) => row.points !== wrongAnswerPoints(row.reward))).toEqual([]);
  });

  it('makes someone a member on their 18th birthday in Japan, born on 29 February on 1 March', async () => {
    const isMember = async (birthDate: string, at: string) => {
      const { id } = await memberWithSession(database.db, { birthDate });
      const [row] = await queryRows<{ member: boolean }>(
        database.db,
        sql`select qp_is_member(users, ${at}::timestamptz) as member from users where id = ${id}`,
      );
      return row?.member;
    };
    // 2026-11-23 00:00 in Japan is 2026-11-22 15:00 UTC.
    expect(await isMember('2008-11-23', '2026-11-22T14:59:59Z')).toBe(false);
    expect(await isMember('2008-11-23', '2026-11-22T15:00:00Z')).toBe(true);
    expect(await isMember('2008-02-29', '2026-02-28T12:00:00Z')).toBe(false);
    expect(await isMember('2008-02-29', '2026-02-28T15:00:00Z')).toBe(true);
    expect(ageOn('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(17);
  });

  it('puts a viewer in the same age group as the browser does, on the Japan-time day', async () => {
    const at = ['2026-11-22T14:59:59Z', '2026-11-22T15:00:00Z', '2028-02-28T15:00:00Z'];
    const births = ['2008-11-23', '2008-02-29', '2006-11-22', '1996-11-23', '1966-11-24', '1950-01-01'];
    const rows = await queryRows<{ birth: string; at: string; band: string }>(
      database.db,
      sql`select b as birth, a as at, qp_age_band(b::date, a::timestamptz) as band
          from unnest(string_to_array(${births.join()}, ',')) b
          cross join unnest(string_to_array(${at.join()}, ',')) a`,
    );
    expect(rows).toHaveLength(births.length * at.length);
    for (const row of rows)
      expect(row.band, `${row.birth} at ${row.at}`).toBe(ageBandOf(ageOn(row.birth, new Date(row.at))));
  });

  it('turns a refusal raised in the database into its DomainError, with its own message', async () => {
    const refused = await runHot(
      database.db,
      { name: 't', text: "select qp_refuse('CONFLICT', 'openAdFirst')" },
      [],
    )
      .then(() => null)
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'DomainError', code: 'CONFLICT', message: messages.openAdFirst });
    expect(refusalOf(new Error('not a refusal'))).toBeNull();
  });
});
