import type { ReactNode } from 'react';
import { fieldErrorId } from '../../lib/use-form.ts';

export { describedControl } from '../../lib/use-form.ts';

/** What is wrong with one field, next to it; its control points here with aria-describedby. */
export function FieldError({ field, text }: { field: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={fieldErrorId(field)} className="field__error">
      {text}
    </p>
  );
}

/** One labelled control with its optional hint and, once the form was refused, its message. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError field={id} text={error} />
    </div>
  );
}
