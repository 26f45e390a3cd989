import type { ReactNode } from 'react';
import { uiText } from '../../lib/ui-text.ts';

/** A form's full-width submit button; while the request is on its way it reads 送信中… and waits. */
export function SubmitButton({
  pending,
  disabled = false,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="button button--wide" disabled={disabled || pending}>
      {pending ? uiText.sending : children}
    </button>
  );
}
