import { type AdQuiz, type AnswerResult, messages } from '@quiz-points/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdIntro } from '../../../components/ui/ad-intro.tsx';
import { Countdown } from '../../../components/ui/countdown.tsx';
import { LoadFailed } from '../../../components/ui/query-content.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { clientConfig } from '../../../lib/client-config.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAnswerAdQuiz, useNextAd } from '../api/answer-ad-quiz.ts';
import { useAdQuiz } from '../api/get-ad-quiz.ts';
import { AnswerForm } from './answer-form.tsx';

function QuizForm({
  quiz,
  answer,
}: {
  quiz: AdQuiz;
  answer: UseMutationResult<AnswerResult, Error, number>;
}) {
  const [endsAt] = useState(() => Date.now() + quiz.secondsLeft * 1000);
  const remaining = useCountdown(endsAt);
  // From the ad list as loaded on home; without one (a direct visit) the result offers home only.
  const next = useNextAd(quiz.id);
  return (
    <AnswerForm
      quiz={quiz}
      answer={answer}
      fallback={messages.answerFailed}
      locked={remaining > 0}
      next={
        next ? (
          <Link to={{ pathname: '/', hash: `ad-${next.id}` }} className="button">
            次の広告へ
          </Link>
        ) : undefined
      }
    >
      {remaining > 0 && <Countdown remaining={remaining} total={clientConfig.adWaitSeconds} started />}
    </AnswerForm>
  );
}

/** The quiz page while its ad loads: the banner, who it is from, its title and the reward. */
function QuizSkeleton() {
  return (
    <Skeleton className="page">
      <Bone kind="banner" />
      <Bone width="short" />
      <Bone kind="title" />
      <Bone width="half" />
      <div className="card">
        <Bone />
        <Bone width="half" />
      </div>
    </Skeleton>
  );
}

function Quiz({ adId }: { adId: string }) {
  const { data: quiz, isPending, error, refetch } = useAdQuiz(adId);
  // Held here, not in the form: the answer marks the quiz answered, and its result must stay.
  const answer = useAnswerAdQuiz(adId);
  useDocumentTitle('クイズ');
  if (isPending) return <QuizSkeleton />;
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
        {error instanceof ApiError && error.status === 404 ? (
          <p role="alert" className="form-error">
            {message}
          </p>
        ) : (
          <LoadFailed message={message} onRetry={() => void refetch()} />
        )}
        <Link to="/">ホームへ戻る</Link>
      </div>
    );
  }
  return (
    <div className="page">
      <AdIntro ad={quiz} titleAs="h1" rewardNote="（回答は1回のみ）" />
      {answer.data ? (
        <QuizForm quiz={quiz} answer={answer} />
      ) : quiz.answered ? (
        <p role="status" className="card notice">
          この広告のクイズにはすでに回答済みです。 <Link to="/">ホームへ戻る</Link>
        </p>
      ) : quiz.ended ? (
        <p role="status" className="card notice">
          {messages.adEnded} <Link to="/">広告一覧へ</Link>
        </p>
      ) : quiz.clickedAt === null ? (
        <p role="alert" className="card notice">
          {messages.openAdFirst} <Link to="/">広告一覧へ</Link>
        </p>
      ) : (
        <QuizForm quiz={quiz} answer={answer} />
      )}
    </div>
  );
}

export default function QuizPage() {
  const { id } = useParams();
  if (!id) {
    return (
      <p role="alert" className="form-error">
        {messages.quizIdMissing}
      </p>
    );
  }
  return <Quiz adId={id} />;
}
