import type { FormEvent } from 'react';

/** One text field and its button on a line, as in "gift code → 発行する" or "reason → 却下する". */
export function InlineTextAction({
  id,
  label,
  value,
  onChange,
  onSubmit,
  buttonLabel,
  disabled = false,
  danger = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  buttonLabel: string;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <form onSubmit={onSubmit} className="materials-form__row">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <button type="submit" className={danger ? 'button button--danger' : 'button'} disabled={disabled}>
        {buttonLabel}
      </button>
    </form>
  );
}
