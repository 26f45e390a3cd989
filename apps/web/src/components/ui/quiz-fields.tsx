import { limits } from '@quiz-points/shared';
import { useState } from 'react';
import { CountedTextarea } from './counted-textarea.tsx';
import { blankOptions, OptionsEditor, optionsBody, optionsValue } from './options-editor.tsx';

/** A quiz as the requests carry it: the question, the options, the correct one counted from 1. */
export interface QuizValues {
  quizQuestion: string;
  quizOptions: readonly string[];
  correctOptionIndex: number | null;
}

/** The quiz being edited, from `initial` (or blank): its request fields, and a way back to blank. */
export function useQuizFields(initial: QuizValues | null) {
  const [question, setQuestion] = useState(initial?.quizQuestion ?? '');
  const [options, setOptions] = useState(() =>
    initial ? optionsValue(initial.quizOptions, initial.correctOptionIndex) : blankOptions(),
  );
  return {
    question,
    setQuestion,
    options,
    setOptions,
    body: () => ({ quizQuestion: question, ...optionsBody(options) }),
    reset: () => {
      setQuestion('');
      setOptions(blankOptions());
    },
  };
}

/** How a form shows its quiz: the ids, the question's label, the options' length and correct picker. */
export interface QuizFieldsLayout {
  questionId: string;
  questionLabel: string;
  optionIdPrefix: string;
  optionMaxLength: number;
  correctPicker: 'radio' | 'select';
}

/**
 * A quiz's question and its 2–5 options with the correct one (SPEC §5), as the daily quiz and the
 * ad both ask it. `errorOf` names what is wrong by the request's field ('quizOptions.1': the second
 * option), as a form checked with `withItemPaths` reports it.
 */
export function QuizFields({
  layout,
  quiz,
  errorOf,
}: {
  layout: QuizFieldsLayout;
  quiz: ReturnType<typeof useQuizFields>;
  errorOf: (field: string) => string;
}) {
  return (
    <>
      <CountedTextarea
        id={layout.questionId}
        label={layout.questionLabel}
        value={quiz.question}
        max={limits.quizQuestion}
        onChange={quiz.setQuestion}
        error={errorOf('quizQuestion')}
      />
      <OptionsEditor
        idPrefix={layout.optionIdPrefix}
        maxLength={layout.optionMaxLength}
        correctPicker={layout.correctPicker}
        value={quiz.options}
        onChange={quiz.setOptions}
        optionError={(index) => errorOf(`quizOptions.${index}`)}
        correctError={errorOf('correctOptionIndex')}
      />
    </>
  );
}
