import type { ComponentProps } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';

type InputProps = Omit<ComponentProps<typeof TextField>, 'id' | 'label' | 'value' | 'onChange' | 'error'>;

/** One field of an account form, named as the request's field. */
export interface AccountField<K extends string> {
  key: K;
  label: string;
  input: InputProps;
}

/** The text fields of an account form (sign-in, sign-up), each marked with its own message. */
export function AccountFields<K extends string>({
  idPrefix,
  fields,
  values,
  onChange,
  errorOf,
}: {
  idPrefix: string;
  fields: readonly AccountField<K>[];
  values: Record<K, string>;
  onChange: (key: K, value: string) => void;
  errorOf: (field: string) => string;
}) {
  return (
    <>
      {fields.map(({ key, label, input }) => (
        <TextField
          key={key}
          id={`${idPrefix}-${key}`}
          label={label}
          {...input}
          value={values[key]}
          onChange={(value) => onChange(key, value)}
          error={errorOf(key)}
        />
      ))}
    </>
  );
}
