/** A labelled text area with a live "n / max" counter (SPEC §2: the question's character counter). */
export function CountedTextarea({
  id,
  label,
  value,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        className="input"
        rows={3}
        maxLength={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-count`}
      />
      <p id={`${id}-count`} className="field__hint">
        {value.length} / {max}
      </p>
    </div>
  );
}
