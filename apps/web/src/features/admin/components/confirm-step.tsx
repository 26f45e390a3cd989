import { type ReactNode, useEffect, useRef } from 'react';
import { uiText } from '../../../lib/ui-text.ts';

/**
 * The admin's in-page confirmation (never window.confirm): the question, what will change, and the
 * button that does it, focused when the step opens so Enter confirms and Tab reaches 戻る.
 */
export function ConfirmStep({
  question,
  confirmLabel,
  onConfirm,
  onCancel,
  pending = false,
  tone = 'primary',
  children,
}: {
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  tone?: 'primary' | 'danger';
  children?: ReactNode;
}) {
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    confirmButton.current?.focus();
  }, []);
  return (
    <fieldset className="card confirm-box" data-testid="confirm-step">
      <legend className="confirm-box__question">{question}</legend>
      {children}
      <div className="ad-card__actions">
        <button
          ref={confirmButton}
          type="button"
          className={tone === 'danger' ? 'button button--danger' : 'button'}
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? uiText.sending : confirmLabel}
        </button>
        <button type="button" className="button button--secondary" disabled={pending} onClick={onCancel}>
          戻る
        </button>
      </div>
    </fieldset>
  );
}
