import { messages } from '@quiz-points/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { appSettings, dailyQuizzes, users } from '../../db/schema.ts';
import { memberWithSession } from '../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { answerDailyQuiz } from '../daily-quiz/answer-daily-quiz.ts';
import { findLedgerMismatches } from '../points/ledger.ts';
import { claimDailyGacha } from './claim-daily-gacha.ts';

// 23:59:59 on 22 November in Japan is 14:59:59 UTC.
const lastSecond = new Date('2026-11-22T14:59:59Z');
const midnight = new Date('2026-11-22T15:00:00Z');
const earlier = new Date('2026-11-22T00:00:00Z');

describe('daily rules turn at midnight Japan time', () => {
  let database: TestDatabase;
  afterEach(async () => {
    expect(await findLedgerMismatches(database.db)).toEqual([]);
    await database.close();
  });

  let sessionToken: string;
  async function withUser() {
    database = await createTestDatabase('pglite');
    ({ token: sessionToken } = await memberWithSession(database.db, { id: 'u' }));
    return database.db;
  }

  it('refuses a second gacha at 23:59:59 and allows the next at 00:00:00', async () => {
    const db = await withUser();
    await claimDailyGacha({ db, sessionToken, now: earlier });
    await expect(claimDailyGacha({ db, sessionToken, now: lastSecond })).rejects.toThrow(
      messages.gachaAlreadyClaimed,
    );
    expect((await claimDailyGacha({ db, sessionToken, now: midnight })).success).toBe(true);
  });

  it('switches the daily quiz at 00:00:00', async () => {
    const db = await withUser();
    const quiz = { quizQuestion: 'Q', quizOptions: ['a', 'b'], correctOptionIndex: 1 };
    await db.insert(dailyQuizzes).values([
      { ...quiz, publishDate: '20261122' },
      { ...quiz, publishDate: '20261123' },
    ]);
    await answerDailyQuiz({ db, sessionToken, input: { option: 1 }, now: earlier });
    await expect(
      answerDailyQuiz({ db, sessionToken, input: { option: 1 }, now: lastSecond }),
    ).rejects.toThrow(messages.dailyQuizAlreadyAnswered);
    expect((await answerDailyQuiz({ db, sessionToken, input: { option: 2 }, now: midnight })).isCorrect).toBe(
      false,
    );
  });
});

describe('the gacha draw', () => {
  let database: TestDatabase;
  afterEach(() => database.close());

  it('maps each roll to its band of the configured weights, and uses the default table until one is stored', async () => {
    database = await createTestDatabase('pglite');
    const db = database.db;
    const draw = async (roll: number) => {
      const { token } = await memberWithSession(db);
      return (await claimDailyGacha({ db, sessionToken: token, roll })).reward;
    };
    // The documented default: 1 (40), 3 (30), 5 (20), 10 (9), 50 (1).
    expect(await draw(0)).toBe(1);
    expect(await draw(0.999)).toBe(50);
    await db.insert(appSettings).values({
      key: 'gachaTable',
      value: [
        { points: 1, weight: 40 },
        { points: 3, weight: 30 },
        { points: 50, weight: 1 },
      ],
    });
    const band = (weight: number) => weight / 71;
    expect(await draw(0)).toBe(1);
    expect(await draw(band(39.9))).toBe(1);
    expect(await draw(band(40))).toBe(3);
    expect(await draw(band(69.9))).toBe(3);
    expect(await draw(band(70))).toBe(50);
    expect(await draw(band(70.99))).toBe(50);
    expect(await findLedgerMismatches(db)).toEqual([]);
  });

  it('refuses whoever is not a member, with nothing credited', async () => {
    database = await createTestDatabase('pglite');
    const db = database.db;
    for (const [overrides, code] of [
      [{ signupCompletedAt: null, birthDate: null }, 'SIGNUP_REQUIRED'],
      [{ birthDate: `${new Date().getFullYear() - 17}-01-01` }, 'SIGNUP_REQUIRED'],
      [{ banned: true }, 'SUSPENDED'],
      [{ role: 'advertiser' }, 'FORBIDDEN'],
    ] as const) {
      const { token } = await memberWithSession(db, overrides);
      await expect(claimDailyGacha({ db, sessionToken: token })).rejects.toMatchObject({ code });
    }
    await expect(claimDailyGacha({ db, sessionToken: 'no-such-session' })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(
      await db
        .select()
        .from(users)
        .then((rows) => rows.map((row) => row.points)),
    ).toEqual([0, 0, 0, 0]);
  });
});
