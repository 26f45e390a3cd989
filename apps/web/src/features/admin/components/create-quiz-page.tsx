import {
  type AdminDailyQuiz,
  createDailyQuizBody,
  japanIsoDate,
  limits,
  messages,
} from '@quiz-points/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CountedTextarea } from '../../../components/ui/counted-textarea.tsx';
import { FormMessage, type FormMessageValue } from '../../../components/ui/form-message.tsx';
import {
  blankOptions,
  OptionsEditor,
  optionsBody,
  optionsValue,
} from '../../../components/ui/options-editor.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminDailyQuizzes, useCreateDailyQuiz, useUpdateDailyQuiz } from '../api/daily-quizzes.ts';
import { RequireAdmin } from './require-admin.tsx';

const tomorrow = () => japanIsoDate(new Date(Date.now() + 86_400_000));

const isoDate = (key: string) => key.replace(/(\d{4})(\d{2})(\d{2})/, '$1-$2-$3');
const slashDate = (key: string) => key.replace(/(\d{4})(\d{2})(\d{2})/, '$1/$2/$3');

/** Creates a quiz, or with `editing` edits one nobody has answered yet (the server refuses otherwise). */
function QuizForm({
  editing,
  onDone,
}: {
  editing: AdminDailyQuiz | null;
  onDone: (updated: boolean) => void;
}) {
  const create = useCreateDailyQuiz();
  const update = useUpdateDailyQuiz();
  const pending = create.isPending || update.isPending;
  const [question, setQuestion] = useState(editing?.quizQuestion ?? '');
  const [options, setOptions] = useState(() =>
    editing ? optionsValue(editing.quizOptions, editing.correctOptionIndex) : blankOptions(),
  );
  const [publishDate, setPublishDate] = useState(() => (editing ? isoDate(editing.publishDate) : tomorrow()));
  const [explanation, setExplanation] = useState(editing?.explanation ?? '');
  const [message, setMessage] = useState<FormMessageValue>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      quizQuestion: question,
      ...optionsBody(options),
      publishDate,
      explanation: explanation || undefined,
    };
    if (!createDailyQuizBody.safeParse(body).success) {
      return setMessage({ kind: 'error', text: messages.allFieldsRequired });
    }
    try {
      if (editing) {
        await update.mutateAsync({ publishDate: editing.publishDate, body });
        onDone(true);
        return;
      }
      await create.mutateAsync(body);
      setMessage({ kind: 'ok', text: messages.dailyQuizCreated });
      setQuestion('');
      setOptions(blankOptions());
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
      <OptionsEditor
        idPrefix="option"
        maxLength={100}
        correctPicker="select"
        value={options}
        onChange={setOptions}
      />
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
      <FormMessage message={message} />
      <SubmitButton pending={pending}>{editing ? '更新する' : '登録する'}</SubmitButton>
      {editing && (
        <button type="button" className="button button--secondary button--wide" onClick={() => onDone(false)}>
          編集をやめる
        </button>
      )}
    </form>
  );
}

function CreateQuiz() {
  useDocumentTitle('デイリークイズ作成');
  const query = useAdminDailyQuizzes();
  const [editing, setEditing] = useState<AdminDailyQuiz | null>(null);
  const [notice, setNotice] = useState('');
  const formHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (editing) formHeading.current?.focus();
  }, [editing]);
  return (
    <div className="page">
      <h1 className="page-title">デイリークイズ作成</h1>
      <h2 ref={formHeading} tabIndex={-1}>
        {editing ? `クイズを編集（${slashDate(editing.publishDate)}）` : '新しいクイズ'}
      </h2>
      {notice && (
        <p role="status" className="form-success">
          {notice}
        </p>
      )}
      <QuizForm
        key={editing?.publishDate ?? 'new'}
        editing={editing}
        onDone={(updated) => {
          setEditing(null);
          setNotice(updated ? messages.dailyQuizUpdated : '');
        }}
      />
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
                  {slashDate(quiz.publishDate)} ／ 回答 {quiz.answers}件 ／ 正答率{' '}
                  {quiz.correctRate === null ? '―' : `${Math.round(quiz.correctRate * 100)}%`}
                </p>
                <p>{quiz.quizQuestion}</p>
                {quiz.answers === 0 ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      setNotice('');
                      setEditing(quiz);
                    }}
                  >
                    編集する<span className="visually-hidden">（{slashDate(quiz.publishDate)}）</span>
                  </button>
                ) : (
                  <p className="note">回答があるため編集できません。</p>
                )}
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
