import { demoQuiz, formatPoints } from '@quiz-points/shared';
import { useState } from 'react';
import { QuizAnswerForm } from '../../../components/ui/quiz-answer-form.tsx';

type Result = 'correct' | 'wrong';

export function DemoQuiz({ onRestart }: { onRestart: () => void }) {
  const [result, setResult] = useState<Result | null>(null);

  if (result) {
    const correct = result === 'correct';
    return (
      <section className="card quiz-result" aria-labelledby="demo-result-title">
        <h2
          id="demo-result-title"
          className={correct ? 'quiz-result__title is-correct' : 'quiz-result__title is-wrong'}
        >
          {correct ? '正解です！' : '残念、不正解です'}
        </h2>
        <p className="quiz-result__points">
          {formatPoints(correct ? demoQuiz.correctPoints : demoQuiz.wrongPoints)} 獲得
        </p>
        {!correct && <p>正解は「{demoQuiz.options[demoQuiz.correctOption - 1]}」でした。</p>}
        <p className="note">これはデモです。実際のポイントは付与されません。</p>
        <div className="quiz-result__actions">
          <button type="button" className="button button--secondary" onClick={onRestart}>
            もう一度試す
          </button>
        </div>
      </section>
    );
  }

  return (
    <QuizAnswerForm
      question={demoQuiz.question}
      options={demoQuiz.options}
      onAnswer={(option) => {
        setResult(option === demoQuiz.correctOption ? 'correct' : 'wrong');
        return undefined;
      }}
    />
  );
}
