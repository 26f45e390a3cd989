import { z } from 'zod';
import '../core/zod-config.ts';
import { limits } from '../core/constants.ts';
import { japanDay } from '../core/japan-day.ts';
import { messages } from '../core/messages.ts';
import { wellFormedString } from '../core/well-formed-string.ts';

export type { AdminDailyQuiz } from '../admin/responses.ts';

const invalid = { error: messages.allFieldsRequired };

/** SPEC §5 Create daily quiz: every rule fails with すべての項目を正しく入力してください。 */
export const createDailyQuizBody = z
  .strictObject({
    quizQuestion: wellFormedString(invalid).trim().min(1, invalid).max(limits.quizQuestion, invalid),
    quizOptions: z
      .array(wellFormedString(invalid).trim().min(1, invalid).max(100, invalid), invalid)
      .min(limits.optionsMin, invalid)
      .max(limits.optionsMax, invalid),
    correctOptionIndex: z.number(invalid).int(invalid).min(1, invalid),
    // A real calendar day of this century (2026-02-30 is refused, as every other date field does).
    publishDate: japanDay({ invalid: messages.allFieldsRequired }),
    explanation: wellFormedString(invalid).trim().max(limits.dailyQuizExplanation, invalid).optional(),
  })
  .refine((quiz) => quiz.correctOptionIndex <= quiz.quizOptions.length, invalid);
export type CreateDailyQuizBody = z.input<typeof createDailyQuizBody>;
