import { describedControl, Field } from './field.tsx';
import { Select } from './select.tsx';

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
      <Select
        id={id}
        value={value}
        none="選択しない"
        choices={options}
        onChange={onChange}
        {...describedControl(id, { error })}
      />
    </Field>
  );
}
