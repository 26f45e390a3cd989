import { type DailyQuizToday, messages } from '@quiz-points/shared';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/ui/query-content.tsx';
import { LinesSkeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAnswerDailyQuiz } from '../api/answer-daily-quiz.ts';
import { useTodaysQuiz } from '../api/get-todays-quiz.ts';
import { AnswerForm } from './answer-form.tsx';

function DailyQuizForm({ quiz, onAnswered }: { quiz: DailyQuizToday; onAnswered: () => void }) {
  const answer = useAnswerDailyQuiz({ onSuccess: onAnswered });
  return <AnswerForm quiz={quiz} answer={answer} fallback={messages.genericErrorSentence} />;
}

export default function DailyQuizPage() {
  useDocumentTitle('デイリークイズ');
  const { data: quiz, isPending, error, refetch } = useTodaysQuiz();
  const navigate = useNavigate();
  // Answered during this visit: keep showing the result. Answered before: say so, then home (SPEC §4).
  const [answeredHere, setAnsweredHere] = useState(false);
  const answeredBefore = quiz?.answered === true && !answeredHere;

  useEffect(() => {
    if (!answeredBefore) return;
    const timer = window.setTimeout(() => navigate('/', { replace: true }), 2000);
    return () => window.clearTimeout(timer);
  }, [answeredBefore, navigate]);

  let body: React.ReactNode;
  if (isPending) body = <LinesSkeleton />;
  else if (error) body = <LoadFailed message={messages.loadFailed} onRetry={() => void refetch()} />;
  else if (quiz === null) {
    body = (
      <p role="alert" className="card notice">
        {messages.dailyQuizNotPublished}
      </p>
    );
  } else if (answeredBefore) {
    body = (
      <p role="alert" className="card notice">
        {messages.dailyQuizAlreadyAnswered}
      </p>
    );
  } else body = <DailyQuizForm quiz={quiz} onAnswered={() => setAnsweredHere(true)} />;

  return (
    <div className="page">
      <h1 className="page-title">デイリークイズ</h1>
      {body}
      {/* The result has its own way home. */}
      {!answeredHere && (
        <p className="page-links">
          <Link to="/">ホームへ戻る</Link>
        </p>
      )}
    </div>
  );
}
