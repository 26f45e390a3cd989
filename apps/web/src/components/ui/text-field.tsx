import type { ComponentProps, ReactNode } from 'react';
import { describedControl, Field } from './field.tsx';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'className'> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** What is wrong with the value, once the form was refused. */
  error?: string;
  short?: boolean;
};

/** An e-mail address: the e-mail keyboard, and no longer than an address can be (RFC 5321). */
export const emailInput = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  maxLength: 254,
} as const;
/** A password, hidden as typed, up to the length the server accepts. */
export const passwordInput = { type: 'password', maxLength: 128 } as const;

/** A labelled input, with an optional hint and message under it that the input points to. */
export function TextField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  short = false,
  ...input
}: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        className={short ? 'input input--short' : 'input'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...describedControl(id, { hint, error })}
        {...input}
      />
    </Field>
  );
}

/** A whole number from `min` (0 unless told) up, typed on the numeric keypad; the text is kept as typed. */
export function NumberField({
  min = 0,
  ...field
}: Omit<TextFieldProps, 'type' | 'inputMode' | 'step' | 'short' | 'min'> & { min?: number }) {
  return <TextField type="number" inputMode="numeric" min={min} step={1} short {...field} />;
}
