import { japanDateKey } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { dailyQuizzes } from '../../db/schema.ts';
import { createAd, memberWithSession } from '../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { answerAdQuiz } from '../ads/answer-ad-quiz.ts';
import { clickAd } from '../ads/click-ad.ts';
import { answerDailyQuiz } from '../daily-quiz/answer-daily-quiz.ts';
import { claimDailyGacha } from '../gacha/claim-daily-gacha.ts';
import { findLedgerMismatches } from './ledger.ts';

const WAIT = 30;
const start = new Date('2026-11-20T03:00:00Z').getTime();

const action = fc.oneof(
  fc.record({ kind: fc.constant('click' as const), user: fc.nat(3), ad: fc.nat(3), at: fc.nat(3 * 86_400) }),
  fc.record({
    kind: fc.constant('answer' as const),
    user: fc.nat(3),
    ad: fc.nat(3),
    option: fc.integer({ min: 1, max: 3 }),
    at: fc.nat(3 * 86_400),
  }),
  fc.record({ kind: fc.constant('gacha' as const), user: fc.nat(3), at: fc.nat(3 * 86_400) }),
  fc.record({
    kind: fc.constant('daily' as const),
    user: fc.nat(3),
    option: fc.integer({ min: 1, max: 2 }),
    at: fc.nat(3 * 86_400),
  }),
);

describe('the ledger under random earning', () => {
  let database: TestDatabase;
  let run = 0;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const quiz = { quizQuestion: 'Q', quizOptions: ['a', 'b'], correctOptionIndex: 1 };
    await database.db.insert(dailyQuizzes).values(
      [0, 1, 2, 3].map((day) => ({
        ...quiz,
        publishDate: japanDateKey(new Date(start + day * 86_400_000)),
      })),
    );
  });
  afterAll(() => database.close());

  it('keeps every balance equal to its ledger, non-negative, and each cause credited once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 40 }), async (actions) => {
        const db = database.db;
        const prefix = `r${++run}`;
        const people = [0, 1, 2, 3].map((i) => ({
          id: `${prefix}-u${i}`,
          emailHash: `${prefix}-h${i}`,
          gender: null,
          ageBand: null,
          sessionToken: `token-${prefix}-u${i}`,
        }));
        for (const p of people) await memberWithSession(db, { id: p.id, emailHash: p.emailHash });
        const adIds = [];
        for (let i = 0; i < 4; i++)
          adIds.push((await createAd(db, { maxDeliveries: 2, userReward: 7 + i })).id);

        // Actions run in time order, as a server would see them.
        const ordered = [...actions].sort((a, b) => a.at - b.at);
        for (const step of ordered) {
          const now = new Date(start + step.at * 1000);
          const viewer = people[step.user]!;
          await (async () => {
            if (step.kind === 'click')
              await clickAd({
                db,
                sessionToken: viewer.sessionToken,
                adId: adIds[step.ad]!,
                waitSeconds: WAIT,
                rateLimit: { limit: 1000, windowSeconds: 3600 },
                now,
              });
            if (step.kind === 'answer') {
              await answerAdQuiz({
                db,
                sessionToken: viewer.sessionToken,
                adId: adIds[step.ad]!,
                input: { option: step.option },
                waitSeconds: WAIT,
                rateLimit: { limit: 1000, windowSeconds: 3600 },
                now,
              });
            }
            if (step.kind === 'gacha') await claimDailyGacha({ db, sessionToken: viewer.sessionToken, now });
            if (step.kind === 'daily')
              await answerDailyQuiz({
                db,
                sessionToken: viewer.sessionToken,
                input: { option: step.option },
                now,
              });
          })().catch((error: unknown) => {
            // Refusals are expected; anything that is not a business refusal is a bug.
            if (!(error instanceof Error) || error.name !== 'DomainError') throw error;
          });
        }

        expect(await findLedgerMismatches(db)).toEqual([]);
        const duplicates = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from point_transactions where user_id like ${`${prefix}-%`}
              group by user_id, reason, ref having count(*) > 1`,
        );
        expect(duplicates).toEqual([]);
        const overCap = await queryRows<{ id: string }>(
          db,
          sql`select id from ads
              where (select count(*) from ad_deliveries d where d.ad_id = ads.id) > max_deliveries
                 or (select sum(remaining) from ad_delivery_slots s where s.ad_id = ads.id)
                    <> max_deliveries - (select count(*) from ad_deliveries d where d.ad_id = ads.id)`,
        );
        expect(overCap).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
