import { limits } from '@quiz-points/shared';
import { Fragment } from 'react';
import { fieldErrorId } from '../../lib/use-form.ts';
import { FieldError } from './field.tsx';
import { Select } from './select.tsx';

/** One answer option; its stable id keeps each input's text in place when another option is removed. */
export interface EditableOption {
  id: number;
  text: string;
}

/** The options being edited and which of them is correct (null while none is chosen). */
export interface OptionsValue {
  options: EditableOption[];
  correctId: number | null;
}

let nextOptionId = 0;
const editableOption = (text = ''): EditableOption => ({ id: ++nextOptionId, text });

/** Starts the editor from the options' texts and the correct option counted from 1 (null: none yet). */
export function optionsValue(texts: readonly string[], correctOptionIndex: number | null): OptionsValue {
  const options = texts.map((text) => editableOption(text));
  const correct = correctOptionIndex === null ? undefined : options[correctOptionIndex - 1];
  return { options, correctId: correct?.id ?? null };
}

/** Two blank options, none marked correct: where a new quiz starts. */
export const blankOptions = () => optionsValue(['', ''], null);

/** The texts in order, and the correct option counted from 1 as the server counts it (0 when none). */
export function optionsBody({ options, correctId }: OptionsValue) {
  return {
    quizOptions: options.map((option) => option.text),
    correctOptionIndex: options.findIndex((option) => option.id === correctId) + 1,
  };
}

/**
 * The 2–5 answer options of a quiz (SPEC §5): add one only below the maximum, remove one only above
 * the minimum, and mark the correct one — with a radio on each row, or with a 正解 select after them.
 */
export function OptionsEditor({
  idPrefix,
  maxLength,
  correctPicker,
  value,
  onChange,
  optionError = () => '',
  correctError,
}: {
  idPrefix: string;
  maxLength: number;
  correctPicker: 'radio' | 'select';
  value: OptionsValue;
  onChange: (value: OptionsValue) => void;
  /** What is wrong with the option at `index` (from 0), once the form was refused. */
  optionError?: (index: number) => string;
  /** What is wrong with the choice of the correct option. */
  correctError?: string;
}) {
  const { options, correctId } = value;
  const withRadio = correctPicker === 'radio';
  const setText = (id: number, text: string) =>
    onChange({ options: options.map((o) => (o.id === id ? { ...o, text } : o)), correctId });
  const remove = (id: number) =>
    onChange({ options: options.filter((o) => o.id !== id), correctId: correctId === id ? null : correctId });
  const correctNumber = optionsBody(value).correctOptionIndex;
  const correctField = withRadio ? `${idPrefix}-correct` : 'correct-option';
  const marked = (id: string, error: string | undefined) =>
    error ? { 'aria-invalid': 'true' as const, 'aria-describedby': fieldErrorId(id) } : {};

  return (
    <>
      <fieldset className="field">
        <legend className="field__label">
          選択肢（{limits.optionsMin}〜{limits.optionsMax}個）{withRadio && 'と正解'}
        </legend>
        {withRadio && <p className="note">正解の選択肢を1つ選んでください。</p>}
        {options.map((option, index) => (
          <Fragment key={option.id}>
            <div className={withRadio ? 'option-row option-row--radio' : 'option-row materials-form__row'}>
              {withRadio && (
                <label className="choice">
                  <input
                    type="radio"
                    name="correct-option"
                    checked={correctId === option.id}
                    {...marked(correctField, correctError)}
                    onChange={() => onChange({ options, correctId: option.id })}
                  />
                  <span>
                    正解<span className="visually-hidden">（選択肢{index + 1}）</span>
                  </span>
                </label>
              )}
              <label className="visually-hidden" htmlFor={`${idPrefix}-${index + 1}`}>
                選択肢{index + 1}
              </label>
              <input
                id={`${idPrefix}-${index + 1}`}
                className="input"
                placeholder={`選択肢${index + 1}`}
                value={option.text}
                maxLength={maxLength}
                onChange={(event) => setText(option.id, event.target.value)}
                {...marked(`${idPrefix}-${index + 1}`, optionError(index))}
              />
              <button
                type="button"
                className="button button--secondary"
                disabled={options.length <= limits.optionsMin}
                onClick={() => remove(option.id)}
              >
                削除<span className="visually-hidden">（選択肢{index + 1}）</span>
              </button>
            </div>
            <FieldError field={`${idPrefix}-${index + 1}`} text={optionError(index)} />
          </Fragment>
        ))}
        {withRadio && <FieldError field={correctField} text={correctError} />}
        <button
          type="button"
          className="button button--secondary"
          disabled={options.length >= limits.optionsMax}
          onClick={() => onChange({ options: [...options, editableOption()], correctId })}
        >
          選択肢を追加
        </button>
      </fieldset>
      {!withRadio && (
        <div className="field">
          <label htmlFor="correct-option" className="field__label">
            正解
          </label>
          <Select
            id="correct-option"
            value={correctNumber === 0 ? '' : String(correctNumber)}
            none="選択してください"
            choices={options.map(
              (option, index) => [String(index + 1), `${index + 1}. ${option.text}`] as const,
            )}
            {...marked(correctField, correctError)}
            onChange={(number) => onChange({ options, correctId: options[Number(number) - 1]?.id ?? null })}
          />
          <FieldError field={correctField} text={correctError} />
        </div>
      )}
    </>
  );
}
