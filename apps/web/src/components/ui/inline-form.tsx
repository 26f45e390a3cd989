import { type ComponentProps, type FormEvent, type ReactNode, useState } from 'react';
import { uiText } from '../../lib/ui-text.ts';
import { type FormSchema, fieldErrorId, useForm } from '../../lib/use-form.ts';
import { emailInput } from './text-field.tsx';

/** An e-mail address as an InlineForm's field: its label, the e-mail keyboard and an address's length. */
export const emailLine = { label: 'メールアドレス', ...emailInput } as const;

type InputProps = Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'className' | 'placeholder'>;

/**
 * One field and its button on a line: a look-up, a search, a gift code or a rejection reason. Its
 * refusal shows under it (role=alert); when the refusal is about the value, the field is marked and
 * points to it. With `hideLabel` the label is read out but shown only as the placeholder.
 */
export function InlineForm({
  id,
  label,
  hideLabel = false,
  value,
  onChange,
  onSubmit,
  buttonLabel,
  pending = false,
  disabled = false,
  tone = 'primary',
  error,
  invalid = false,
  hint,
  className,
  formLabelledBy,
  children,
  ...input
}: InputProps & {
  id: string;
  label: string;
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  buttonLabel: string;
  pending?: boolean;
  tone?: 'primary' | 'secondary' | 'danger';
  error?: string;
  invalid?: boolean;
  hint?: ReactNode;
  className?: string;
  /** The heading that names the whole form, when it has one. */
  formLabelledBy?: string;
  /** What follows the refusal: the form's other outcomes. */
  children?: ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : '', invalid && error ? fieldErrorId(id) : '']
    .filter(Boolean)
    .join(' ');
  return (
    <form onSubmit={onSubmit} noValidate className={className} aria-labelledby={formLabelledBy}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className="materials-form__row">
        <input
          id={id}
          className="input"
          placeholder={hideLabel ? label : undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={invalid ? 'true' : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        <button
          type="submit"
          className={tone === 'primary' ? 'button' : `button button--${tone}`}
          disabled={disabled || pending}
        >
          {pending ? uiText.sending : buttonLabel}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={fieldErrorId(id)} role="alert" className="form-error">
          {error}
        </p>
      )}
      {children}
    </form>
  );
}

/**
 * What every InlineForm wires the same way: its text, a submit that checks it with the server's own
 * schema (as `{ [field]: text }`, or what `input` makes of it) and hands the parsed body to `onValid`,
 * and the form's refusal under the line, marking the field when it is about the value. `props` go
 * to InlineForm; `form` reports what only the server can tell (`form.fail`).
 */
export function useInlineForm<T>({
  schema,
  field,
  initial = '',
  input = (text) => ({ [field]: text }),
  onValid,
  onInvalid,
}: {
  schema: FormSchema<T>;
  field: string;
  initial?: string;
  input?: (text: string) => unknown;
  onValid: (body: T) => void | Promise<void>;
  /** After the schema refused the text (the refusal is already shown). */
  onInvalid?: (text: string) => void;
}) {
  const form = useForm(schema);
  const [text, setText] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(input(text));
    if (body) void onValid(body);
    else onInvalid?.(text);
  };
  return {
    form,
    setText,
    props: {
      value: text,
      onChange: setText,
      onSubmit,
      error: form.summary,
      invalid: form.errorOf(field) !== '',
    },
  };
}
