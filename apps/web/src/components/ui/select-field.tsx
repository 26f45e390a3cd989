import { describedControl, Field } from './field.tsx';

/** A labelled optional choice; the empty value reads 選択しない. */
export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: V | '';
  options: readonly (readonly [V, string])[];
  onChange: (value: V | '') => void;
  error?: string;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value as V | '')}
        {...describedControl(id, { error })}
      >
        <option value="">選択しない</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </Field>
  );
}
