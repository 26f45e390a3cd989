import { type CreateDailyQuizBody, DomainError, messages } from '@quiz-points/shared';
import type { Database } from '../../db/client.ts';
import { dailyQuizzes } from '../../db/schema.ts';
import { recordAdminAction } from '../admin-users/admin-audit.ts';
import { dailyQuizValues } from './daily-quiz-values.ts';

/**
 * The admin creates the quiz for a date (SPEC §5). The date is the key: one quiz per date, ever.
 * The quiz and its audit row (admin_audit) are written in one transaction.
 */
export async function createDailyQuiz({
  db,
  adminId,
  input: body,
  now = new Date(),
}: {
  db: Database;
  adminId: string;
  input: CreateDailyQuizBody;
  now?: Date;
}) {
  const values = dailyQuizValues(body);
  const { publishDate } = values;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(dailyQuizzes)
      .values(values)
      .onConflictDoNothing()
      .returning({ publishDate: dailyQuizzes.publishDate });
    if (inserted.length === 0) throw new DomainError('CONFLICT', messages.dailyQuizDateTaken);
    await recordAdminAction(tx, {
      action: 'create_daily_quiz',
      targetId: publishDate,
      actedBy: adminId,
      actedAt: now,
    });
    return { publishDate };
  });
}
