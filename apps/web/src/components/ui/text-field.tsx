import type { ComponentProps, ReactNode } from 'react';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'className'> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
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

/** A labelled input, with an optional hint under it that the input points to. */
export function TextField({ id, label, value, onChange, hint, short = false, ...input }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className={short ? 'input input--short' : 'input'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A whole number from `min` (0 unless told) up, typed on the numeric keypad; the text is kept as typed. */
export function NumberField({
  min = 0,
  ...field
}: Omit<TextFieldProps, 'type' | 'inputMode' | 'step' | 'short' | 'min'> & { min?: number }) {
  return <TextField type="number" inputMode="numeric" min={min} step={1} short {...field} />;
}
