import { type AnswerResult, answerBody, japanDateKey, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dailyQuizzes, quizResponses, users } from '../../db/schema.ts';
import { DomainError } from '../../http/domain-error.ts';
import { applyPointChange } from '../points/ledger.ts';
import { readSetting } from '../settings/read-setting.ts';

/** Answers today's daily quiz once (SPEC §4): graded here, points from the settings. One transaction. */
export async function answerDailyQuiz(options: { db: Database; userId: string; input: unknown; now?: Date }) {
  const { db, userId, input, now = new Date() } = options;
  const { option } = answerBody.parse(input);
  const id = japanDateKey(now);
  return db.transaction(async (tx): Promise<AnswerResult> => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new DomainError('UNAUTHENTICATED');
    // Shares the lock an edit takes (update-daily-quiz.ts), so an answer never meets a half-edited quiz.
    const [quiz] = await tx.select().from(dailyQuizzes).where(eq(dailyQuizzes.publishDate, id)).for('share');
    if (!quiz) throw new DomainError('NOT_FOUND', messages.dailyQuizNotPublished);
    if (option > quiz.quizOptions.length) throw new DomainError('VALIDATION', messages.chooseOneOption);

    const isCorrect = option === quiz.correctOptionIndex;
    const pointsTable = await readSetting(tx, 'dailyQuizPoints');
    const points = isCorrect ? pointsTable.correct : pointsTable.wrong;
    const inserted = await tx
      .insert(quizResponses)
      .values({
        userId,
        emailHash: user.emailHash,
        dailyQuizId: id,
        clickedAt: now,
        answeredAt: now,
        selectedOption: option,
        isCorrect,
        rewardGiven: points > 0,
        pointsAwarded: points,
      })
      .onConflictDoNothing()
      .returning({ id: quizResponses.id });
    if (inserted.length === 0) throw new DomainError('CONFLICT', messages.dailyQuizAlreadyAnswered);
    if (points > 0) {
      await applyPointChange(tx, { userId, points, reason: 'daily_quiz', ref: id, memo: 'デイリークイズ' });
    }
    await tx.update(users).set({ lastDailyQuizId: id, updatedAt: now }).where(eq(users.id, userId));
    return { isCorrect, points, correctOption: quiz.correctOptionIndex, explanation: quiz.explanation };
  });
}
