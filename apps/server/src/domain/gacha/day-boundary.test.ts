import { messages } from '@quiz-points/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { dailyQuizzes, users } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { answerDailyQuiz } from '../daily-quiz/answer-daily-quiz.ts';
import { findLedgerMismatches } from '../points/ledger.ts';
import { claimDailyGacha } from './claim-daily-gacha.ts';
import { drawGachaReward, totalWeight } from './draw-gacha-reward.ts';

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

  async function withUser() {
    database = await createTestDatabase('pglite');
    await database.db.insert(users).values({ id: 'u', email: 'u@example.com', emailHash: 'h' });
    return database.db;
  }

  it('refuses a second gacha at 23:59:59 and allows the next at 00:00:00', async () => {
    const db = await withUser();
    await claimDailyGacha({ db, userId: 'u', now: earlier });
    await expect(claimDailyGacha({ db, userId: 'u', now: lastSecond })).rejects.toThrow(
      messages.gachaAlreadyClaimed,
    );
    expect((await claimDailyGacha({ db, userId: 'u', now: midnight })).success).toBe(true);
  });

  it('switches the daily quiz at 00:00:00', async () => {
    const db = await withUser();
    const quiz = { quizQuestion: 'Q', quizOptions: ['a', 'b'], correctOptionIndex: 1 };
    await db.insert(dailyQuizzes).values([
      { ...quiz, publishDate: '20261122' },
      { ...quiz, publishDate: '20261123' },
    ]);
    await answerDailyQuiz({ db, userId: 'u', input: { option: 1 }, now: earlier });
    await expect(answerDailyQuiz({ db, userId: 'u', input: { option: 1 }, now: lastSecond })).rejects.toThrow(
      messages.dailyQuizAlreadyAnswered,
    );
    expect((await answerDailyQuiz({ db, userId: 'u', input: { option: 2 }, now: midnight })).isCorrect).toBe(
      false,
    );
  });
});

describe('drawGachaReward', () => {
  const table = [
    { points: 1, weight: 40 },
    { points: 3, weight: 30 },
    { points: 50, weight: 1 },
  ];
  it('maps each roll to its band of the weights', () => {
    expect(drawGachaReward(table, 0)).toBe(1);
    expect(drawGachaReward(table, 39)).toBe(1);
    expect(drawGachaReward(table, 40)).toBe(3);
    expect(drawGachaReward(table, 69)).toBe(3);
    expect(drawGachaReward(table, 70)).toBe(50);
    expect(() => drawGachaReward(table, totalWeight(table))).toThrow();
  });
});
