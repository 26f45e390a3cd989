import { useId } from 'react';

/** A quiz question as a radio group. Options are numbered from 1, as the server counts them. */
export function QuizOptions({
  question,
  options,
  selected,
  onSelect,
}: {
  question: string;
  options: readonly string[];
  selected: number | null;
  onSelect: (option: number) => void;
}) {
  const name = useId();
  return (
    <fieldset className="quiz-options">
      <legend className="quiz-options__question">{question}</legend>
      {options.map((label, index) => {
        const option = index + 1;
        return (
          <label key={label} className={selected === option ? 'quiz-option is-selected' : 'quiz-option'}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={selected === option}
              onChange={() => onSelect(option)}
            />
            <span>{label}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
