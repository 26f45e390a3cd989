import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { uiText } from '../../lib/ui-text.ts';

/**
 * An in-page confirmation as a modal dialog (never window.confirm): what the action does and what it
 * commits, then the button that does it. It opens with the focus inside it (on the element marked
 * `data-autofocus`, else its first control), the page behind it inert; Escape or キャンセル closes it
 * and the focus goes back to `returnFocus` (the control that opened it). `tone="danger"` marks an
 * action that cannot be undone, as an outline, never a filled red button.
 */
export function ConfirmDialog({
  title,
  lead,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  pending = false,
  confirmDisabled = false,
  tone = 'primary',
  error,
  returnFocus,
  step,
  onBack,
  testId,
}: {
  title: string;
  /** What the action is about (an ad's title), in 「」 under the title. */
  lead?: string;
  children: ReactNode;
  confirmLabel?: ReactNode;
  /** Absent: the dialog's own content holds its buttons (a step before the confirmation). */
  onConfirm?: () => void;
  onClose: () => void;
  pending?: boolean;
  confirmDisabled?: boolean;
  tone?: 'primary' | 'danger';
  error?: string;
  returnFocus?: RefObject<HTMLElement | null>;
  /** Which step a dialog of several shows: a new one takes the focus as the first did. */
  step?: string;
  /** A step back (戻る), before キャンセル, in a dialog of several steps. */
  onBack?: () => void;
  testId?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, when it mounts; the opener is read when it closes.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      element.close();
      returnFocus?.current?.focus();
    };
  }, []);
  useEffect(() => {
    if (step !== undefined) dialog.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [step]);
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        // Escape: closed by the page (which unmounts it), so the state that opened it closes too.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {lead !== undefined && <p className="dialog__lead">「{lead}」</p>}
      {children}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {onConfirm && (
        <div className="dialog__actions">
          {onBack && (
            <button type="button" className="button button--secondary dialog__back" onClick={onBack}>
              戻る
            </button>
          )}
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            // An action that cannot be undone is not one Enter away.
            data-autofocus={tone === 'danger' ? true : undefined}
          >
            キャンセル
          </button>
          <button
            type="button"
            className={tone === 'danger' ? 'button button--danger-outline' : 'button'}
            disabled={pending || confirmDisabled}
            onClick={onConfirm}
            data-autofocus={tone === 'danger' ? undefined : true}
          >
            {pending ? uiText.sending : confirmLabel}
          </button>
        </div>
      )}
    </dialog>
  );
}

/** The dialog's buttons when its content decides them (a form inside it). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="dialog__actions">{children}</div>;
}
