import type { ComponentProps } from 'react';

type SelectProps<V extends string> = Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children'> & {
  value: V | '';
  /** The choices as [value, label] pairs, in the order shown. */
  choices: readonly (readonly [V, string])[];
  /** The label of a first choice whose value is '' (nothing chosen); without it there is none. */
  none?: string;
  onChange: (value: V | '') => void;
};

/** A select built from [value, label] pairs, handing back the chosen value rather than the event. */
export function Select<V extends string>({
  value,
  choices,
  none,
  onChange,
  className = 'input',
  ...select
}: SelectProps<V>) {
  return (
    <select
      className={className}
      value={value}
      onChange={(event) => onChange(event.target.value as V | '')}
      {...select}
    >
      {none !== undefined && <option value="">{none}</option>}
      {choices.map(([choice, label]) => (
        <option key={choice} value={choice}>
          {label}
        </option>
      ))}
    </select>
  );
}
