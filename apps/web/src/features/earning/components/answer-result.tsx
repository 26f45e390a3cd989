import type { AnswerResult as Result } from '@quiz-points/shared';
import { formatPoints } from '@quiz-points/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BalanceCountUp } from '../../../components/ui/balance-count-up.tsx';

/**
 * The result of a quiz answer: right or wrong, the points earned and the new balance counting up to
 * them, the right option, then `next` (such as the next ad) before the one way home.
 */
export function AnswerResult({
  result,
  options,
  next,
}: {
  result: Result;
  options: readonly string[];
  next?: ReactNode;
}) {
  return (
    <section className="card quiz-result" aria-labelledby="result-title">
      <h2
        id="result-title"
        className={result.isCorrect ? 'quiz-result__title is-correct' : 'quiz-result__title is-wrong'}
      >
        {result.isCorrect ? '正解です！' : '残念、不正解です'}
      </h2>
      <p className="quiz-result__points">{formatPoints(result.points)} 獲得</p>
      <BalanceCountUp from={result.balance - result.points} to={result.balance} />
      {!result.isCorrect && <p>正解は「{options[result.correctOption - 1]}」でした。</p>}
      {result.explanation && <p className="quiz-result__explanation">{result.explanation}</p>}
      <div className="quiz-result__actions">
        {next}
        <Link to="/" className={next ? 'button button--secondary' : 'button'}>
          ホームへ戻る
        </Link>
      </div>
    </section>
  );
}
