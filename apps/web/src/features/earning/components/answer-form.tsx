import type { AnswerResult as Result } from '@quiz-points/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QuizAnswerForm } from '../../../components/ui/quiz-answer-form.tsx';
import { ApiError } from '../../../lib/api.ts';
import { AnswerResult } from './answer-result.tsx';

/**
 * A quiz to answer through `answer` (the ad's or the daily quiz's), then its result. A refused
 * answer shows the server's message, or `fallback` when it gave none.
 */
export function AnswerForm({
  quiz,
  answer,
  fallback,
  locked = false,
  next,
  children,
}: {
  quiz: { quizQuestion: string; quizOptions: readonly string[] };
  answer: UseMutationResult<Result, Error, number>;
  fallback: string;
  locked?: boolean;
  /** Offered on the result before the way home. */
  next?: ReactNode;
  children?: ReactNode;
}) {
  if (answer.data) return <AnswerResult result={answer.data} options={quiz.quizOptions} next={next} />;
  return (
    <QuizAnswerForm
      question={quiz.quizQuestion}
      options={quiz.quizOptions}
      pending={answer.isPending}
      locked={locked}
      onAnswer={async (option) => {
        try {
          await answer.mutateAsync(option);
          return undefined;
        } catch (failure) {
          return failure instanceof ApiError && failure.message ? failure.message : fallback;
        }
      }}
    >
      {children}
    </QuizAnswerForm>
  );
}
