import {
  type AdminDailyQuiz,
  createDailyQuizBody,
  japanIsoDate,
  limits,
  messages,
} from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { CountedTextarea } from '../../../components/ui/counted-textarea.tsx';
import { EditFormFooter, EditHeading, useEditing } from '../../../components/ui/edit-form.tsx';
import { withItemPaths } from '../../../components/ui/item-paths.ts';
import { QueryList } from '../../../components/ui/query-list.tsx';
import { QuizFields, type QuizFieldsLayout, useQuizFields } from '../../../components/ui/quiz-fields.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useCreateDailyQuiz } from '../api/create-daily-quiz.ts';
import { useDailyQuizzes } from '../api/list-daily-quizzes.ts';
import { useUpdateDailyQuiz } from '../api/update-daily-quiz.ts';

const tomorrow = () => japanIsoDate(new Date(Date.now() + 86_400_000));

const isoDate = (key: string) => key.replace(/(\d{4})(\d{2})(\d{2})/, '$1-$2-$3');
const slashDate = (key: string) => key.replace(/(\d{4})(\d{2})(\d{2})/, '$1/$2/$3');

const quizForm = withItemPaths(createDailyQuizBody);
const quizLayout: QuizFieldsLayout = {
  questionId: 'quiz-question',
  questionLabel: '問題文',
  optionIdPrefix: 'option',
  optionMaxLength: 100,
  correctPicker: 'select',
};

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
  const form = useForm(quizForm);
  const pending = create.isPending || update.isPending;
  const quiz = useQuizFields(editing);
  const [publishDate, setPublishDate] = useState(() => (editing ? isoDate(editing.publishDate) : tomorrow()));
  const [explanation, setExplanation] = useState(editing?.explanation ?? '');
  const [created, setCreated] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCreated(false);
    const body = form.validate({ ...quiz.body(), publishDate, explanation: explanation || undefined });
    if (!body) return;
    try {
      if (editing) {
        await update.mutateAsync({ publishDate: editing.publishDate, body });
        onDone(true);
        return;
      }
      await create.mutateAsync(body);
      setCreated(true);
      quiz.reset();
      setExplanation('');
    } catch (failure) {
      const taken = failure instanceof ApiError && failure.status === 409;
      if (taken) form.fail(failure.message, 'publishDate');
      else form.fail(messages.genericErrorSentence);
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate>
      <QuizFields layout={quizLayout} quiz={quiz} errorOf={form.errorOf} />
      <TextField
        id="publish-date"
        label="公開日"
        type="date"
        short
        value={publishDate}
        onChange={setPublishDate}
        error={form.errorOf('publishDate')}
      />
      <CountedTextarea
        id="explanation"
        label="解説（任意）"
        value={explanation}
        max={limits.dailyQuizExplanation}
        onChange={setExplanation}
        error={form.errorOf('explanation')}
      />
      <EditFormFooter
        summary={form.summary}
        success={created ? messages.dailyQuizCreated : null}
        pending={pending}
        createLabel="登録する"
        editing={editing !== null}
        onCancel={() => onDone(false)}
      />
    </form>
  );
}

export default function CreateQuizPage() {
  useDocumentTitle('デイリークイズ作成');
  const query = useDailyQuizzes();
  const editor = useEditing<AdminDailyQuiz>();
  const { editing } = editor;
  return (
    <div className="page">
      <h1 className="page-title">デイリークイズ作成</h1>
      <EditHeading
        editor={editor}
        title={editing ? `クイズを編集（${slashDate(editing.publishDate)}）` : '新しいクイズ'}
        updatedText={messages.dailyQuizUpdated}
      />
      <QuizForm key={editing?.publishDate ?? 'new'} editing={editing} onDone={editor.done} />
      <h2>登録済みのクイズ</h2>
      <QueryList
        query={query}
        items={(data) => data.quizzes}
        itemKey={(quiz) => quiz.publishDate}
        empty="まだクイズはありません。"
      >
        {(quiz) => (
          <li className="card" data-testid="daily-quiz-row">
            <p className="note">
              {slashDate(quiz.publishDate)} ／ 回答 {quiz.answers}件 ／ 正答率{' '}
              {quiz.correctRate === null ? '―' : `${Math.round(quiz.correctRate * 100)}%`}
            </p>
            <p>{quiz.quizQuestion}</p>
            {quiz.answers === 0 ? (
              <button type="button" className="button button--secondary" onClick={() => editor.edit(quiz)}>
                編集する<span className="visually-hidden">（{slashDate(quiz.publishDate)}）</span>
              </button>
            ) : (
              <p className="note">回答があるため編集できません。</p>
            )}
          </li>
        )}
      </QueryList>
    </div>
  );
}
