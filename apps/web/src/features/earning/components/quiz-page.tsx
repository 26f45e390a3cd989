import { type AdQuiz, messages } from '@quiz-points/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Countdown } from '../../../components/ui/countdown.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { QuizAnswerForm } from '../../../components/ui/quiz-answer-form.tsx';
import { ApiError } from '../../../lib/api.ts';
import { clientConfig } from '../../../lib/client-config.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RequireUser } from '../../auth/components/require-user.tsx';
import { useAdQuiz, useAnswerAdQuiz } from '../api/ads.ts';
import { AnswerResult } from './answer-result.tsx';

function QuizForm({ quiz }: { quiz: AdQuiz }) {
  const [endsAt] = useState(() => Date.now() + quiz.secondsLeft * 1000);
  const remaining = useCountdown(endsAt);
  const answer = useAnswerAdQuiz(quiz.id);

  if (answer.data) return <AnswerResult result={answer.data} options={quiz.quizOptions} />;
  return (
    <QuizAnswerForm
      question={quiz.quizQuestion}
      options={quiz.quizOptions}
      pending={answer.isPending}
      locked={remaining > 0}
      onAnswer={async (option) => {
        try {
          await answer.mutateAsync(option);
          return undefined;
        } catch (failure) {
          return failure instanceof ApiError && failure.message ? failure.message : messages.answerFailed;
        }
      }}
    >
      {remaining > 0 && <Countdown remaining={remaining} total={clientConfig.adWaitSeconds} started />}
    </QuizAnswerForm>
  );
}

function Quiz({ adId }: { adId: string }) {
  const { data: quiz, isPending, error } = useAdQuiz(adId);
  useDocumentTitle('クイズ');
  if (isPending) return <Loading />;
  if (error) {
    const message =
      error instanceof ApiError && error.status === 404
        ? messages.quizNotFound
        : error instanceof ApiError && error.code === 'NETWORK'
          ? messages.networkFailed
          : messages.loadFailed;
    return (
      <div className="page">
        <h1 className="page-title">クイズ</h1>
        <p role="alert" className="form-error">
          {message}
        </p>
        <Link to="/">ホームへ戻る</Link>
      </div>
    );
  }
  return (
    <div className="page">
      <p className="ad-card__provider">{quiz.adProvider}</p>
      <h1 className="page-title">{quiz.adTitle}</h1>
      <p className="ad-card__reward">
        正解で <strong>{quiz.userReward} Pt</strong>（回答は1回のみ）
      </p>
      {quiz.answered ? (
        <p role="status" className="card notice">
          この広告のクイズにはすでに回答済みです。 <Link to="/">ホームへ戻る</Link>
        </p>
      ) : quiz.clickedAt === null ? (
        <p role="alert" className="card notice">
          {messages.openAdFirst} <Link to="/">広告一覧へ</Link>
        </p>
      ) : (
        <QuizForm quiz={quiz} />
      )}
    </div>
  );
}

export default function QuizPage() {
  const { id } = useParams();
  return (
    <RequireUser>
      {() =>
        id ? (
          <Quiz adId={id} />
        ) : (
          <p role="alert" className="form-error">
            {messages.quizIdMissing}
          </p>
        )
      }
    </RequireUser>
  );
}
