import { fieldErrorId } from '../../lib/use-form.ts';
import { FieldError } from './field.tsx';

/**
 * A labelled text area (or, with `singleLine`, a text input) with a live "n / max" counter (SPEC §2:
 * the question's character counter; SPEC §5: the ad's title and provider limits).
 */
export function CountedTextarea({
  id,
  label,
  value,
  max,
  onChange,
  singleLine = false,
  error,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  singleLine?: boolean;
  /** What is wrong with the value, once the form was refused. */
  error?: string;
}) {
  const common = {
    id,
    className: 'input',
    maxLength: max,
    value,
    'aria-describedby': error ? `${id}-count ${fieldErrorId(id)}` : `${id}-count`,
    'aria-invalid': error ? ('true' as const) : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {singleLine ? (
        <input type="text" {...common} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <textarea rows={3} {...common} onChange={(event) => onChange(event.target.value)} />
      )}
      <p id={`${id}-count`} className="field__hint">
        {value.length} / {max}
      </p>
      <FieldError field={id} text={error} />
    </div>
  );
}
