import { type ReactNode, useEffect, useRef } from 'react';
import { uiText } from '../../lib/ui-text.ts';

/**
 * An in-page confirmation (never window.confirm): the question, what will change, and the button
 * that does it, focused when the step opens so Enter confirms and Tab reaches the way back. The
 * admin's steps go back with 戻る, locked while sending; the advertiser's with キャンセル, which
 * stays usable (`cancelLabel`, `cancelWhilePending`).
 */
export function ConfirmStep({
  question,
  confirmLabel,
  onConfirm,
  onCancel,
  pending = false,
  tone = 'primary',
  cancelLabel = '戻る',
  cancelWhilePending = false,
  children,
}: {
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  tone?: 'primary' | 'danger';
  cancelLabel?: string;
  cancelWhilePending?: boolean;
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
        <button
          type="button"
          className="button button--secondary"
          disabled={pending && !cancelWhilePending}
          onClick={onCancel}
        >
          {cancelLabel}
        </button>
      </div>
    </fieldset>
  );
}
