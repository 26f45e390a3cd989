import { createDailyQuizBody, japanIsoDate, limits, messages } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { CountedTextarea } from '../../../components/ui/counted-textarea.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { ApiError } from '../../../lib/api.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminDailyQuizzes, useCreateDailyQuiz } from '../api/daily-quizzes.ts';
import { RequireAdmin } from './require-admin.tsx';

const tomorrow = () => japanIsoDate(new Date(Date.now() + 86_400_000));

// Options keep a stable id so removing one never moves another's text into its input.
let nextOptionId = 0;
const newOption = () => ({ id: ++nextOptionId, text: '' });

function CreateQuizForm() {
  const create = useCreateDailyQuiz();
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState(() => [newOption(), newOption()]);
  const [correct, setCorrect] = useState('');
  const [publishDate, setPublishDate] = useState(tomorrow);
  const [explanation, setExplanation] = useState('');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      quizQuestion: question,
      quizOptions: options.map((option) => option.text),
      correctOptionIndex: Number(correct),
      publishDate,
      explanation: explanation || undefined,
    };
    if (!correct || !createDailyQuizBody.safeParse(body).success) {
      return setMessage({ kind: 'error', text: messages.allFieldsRequired });
    }
    try {
      await create.mutateAsync(body);
      setMessage({ kind: 'ok', text: messages.dailyQuizCreated });
      setQuestion('');
      setOptions([newOption(), newOption()]);
      setCorrect('');
      setExplanation('');
    } catch (failure) {
      setMessage({
        kind: 'error',
        text:
          failure instanceof ApiError && failure.status === 409
            ? failure.message
            : messages.genericErrorSentence,
      });
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate>
      <CountedTextarea
        id="quiz-question"
        label="問題文"
        value={question}
        max={limits.quizQuestion}
        onChange={setQuestion}
      />
      <fieldset className="field">
        <legend className="field__label">
          選択肢（{limits.optionsMin}〜{limits.optionsMax}個）
        </legend>
        {options.map((option, index) => (
          <div key={option.id} className="materials-form__row option-row">
            <label className="visually-hidden" htmlFor={`option-${index + 1}`}>
              選択肢{index + 1}
            </label>
            <input
              id={`option-${index + 1}`}
              className="input"
              placeholder={`選択肢${index + 1}`}
              value={option.text}
              maxLength={100}
              onChange={(event) =>
                setOptions(options.map((o) => (o.id === option.id ? { ...o, text: event.target.value } : o)))
              }
            />
            <button
              type="button"
              className="button button--secondary"
              disabled={options.length <= limits.optionsMin}
              onClick={() => {
                setOptions(options.filter((o) => o.id !== option.id));
                if (Number(correct) >= index + 1) setCorrect('');
              }}
            >
              削除<span className="visually-hidden">（選択肢{index + 1}）</span>
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button--secondary"
          disabled={options.length >= limits.optionsMax}
          onClick={() => setOptions([...options, newOption()])}
        >
          選択肢を追加
        </button>
      </fieldset>
      <div className="field">
        <label htmlFor="correct-option" className="field__label">
          正解
        </label>
        <select
          id="correct-option"
          className="input"
          value={correct}
          onChange={(event) => setCorrect(event.target.value)}
        >
          <option value="">選択してください</option>
          {options.map((option, index) => (
            <option key={option.id} value={index + 1}>
              {index + 1}. {option.text}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="publish-date" className="field__label">
          公開日
        </label>
        <input
          id="publish-date"
          type="date"
          className="input input--short"
          value={publishDate}
          onChange={(event) => setPublishDate(event.target.value)}
        />
      </div>
      <CountedTextarea
        id="explanation"
        label="解説（任意）"
        value={explanation}
        max={limits.dailyQuizExplanation}
        onChange={setExplanation}
      />
      {message && (
        <p
          role={message.kind === 'ok' ? 'status' : 'alert'}
          className={message.kind === 'ok' ? 'form-success' : 'form-error'}
        >
          {message.text}
        </p>
      )}
      <button type="submit" className="button button--wide" disabled={create.isPending}>
        {create.isPending ? uiText.sending : '登録する'}
      </button>
    </form>
  );
}

function CreateQuiz() {
  useDocumentTitle('デイリークイズ作成');
  const query = useAdminDailyQuizzes();
  return (
    <div className="page">
      <h1 className="page-title">デイリークイズ作成</h1>
      <CreateQuizForm />
      <h2>登録済みのクイズ</h2>
      <QueryContent
        query={query}
        errorMessage={messages.loadFailed}
        isEmpty={(data) => data.quizzes.length === 0}
        empty="まだクイズはありません。"
      >
        {(data) => (
          <ul className="ad-list">
            {data.quizzes.map((quiz) => (
              <li key={quiz.publishDate} className="card" data-testid="daily-quiz-row">
                <p className="note">
                  {quiz.publishDate.replace(/(\d{4})(\d{2})(\d{2})/, '$1/$2/$3')} ／ 回答 {quiz.answers}件 ／
                  正答率 {quiz.correctRate === null ? '―' : `${Math.round(quiz.correctRate * 100)}%`}
                </p>
                <p>{quiz.quizQuestion}</p>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </div>
  );
}

export default function CreateQuizPage() {
  return <RequireAdmin>{() => <CreateQuiz />}</RequireAdmin>;
}
