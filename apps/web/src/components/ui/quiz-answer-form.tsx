import { messages } from '@quiz-points/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { uiText } from '../../lib/ui-text.ts';
import { QuizOptions } from './quiz-options.tsx';

/**
 * One quiz question with radio options; one must be chosen (SPEC §5). `onAnswer` returns an error
 * message to show, or nothing when the answer went through.
 */
export function QuizAnswerForm({
  question,
  options,
  onAnswer,
  pending = false,
  locked = false,
  children,
}: {
  question: string;
  options: readonly string[];
  onAnswer: (option: number) => Promise<string | undefined> | string | undefined;
  pending?: boolean;
  /** Answering is not allowed yet (the wait is still running). */
  locked?: boolean;
  children?: ReactNode;
}) {
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (selected === null) {
      setError(messages.chooseOneOption);
      return;
    }
    setError((await onAnswer(selected)) ?? '');
  };

  return (
    <form className="card quiz-form" onSubmit={submit} noValidate>
      <QuizOptions
        question={question}
        options={options}
        selected={selected}
        onSelect={(option) => {
          setSelected(option);
          setError('');
        }}
      />
      {children}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <button type="submit" className="button button--wide" disabled={locked || pending}>
        {pending ? uiText.sending : '回答する'}
      </button>
    </form>
  );
}
