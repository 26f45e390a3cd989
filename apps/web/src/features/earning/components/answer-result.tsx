import type { AnswerResult as Result } from '@quiz-points/shared';
import { formatPoints } from '@quiz-points/shared';
import { Link } from 'react-router';

/** The result of a quiz answer, with the right option and a link home. */
export function AnswerResult({ result, options }: { result: Result; options: readonly string[] }) {
  return (
    <section className="card quiz-result" aria-labelledby="result-title">
      <h2
        id="result-title"
        className={result.isCorrect ? 'quiz-result__title is-correct' : 'quiz-result__title is-wrong'}
      >
        {result.isCorrect ? '正解です！' : '残念、不正解です'}
      </h2>
      <p className="quiz-result__points">{formatPoints(result.points)} 獲得</p>
      {!result.isCorrect && <p>正解は「{options[result.correctOption - 1]}」でした。</p>}
      {result.explanation && <p className="quiz-result__explanation">{result.explanation}</p>}
      <div className="quiz-result__actions">
        <Link to="/" className="button">
          ホームへ戻る
        </Link>
      </div>
    </section>
  );
}
