import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

/** What a file field says before a file is chosen. */
export const NOTHING_CHOSEN = '選択されていません';

/**
 * A file field in the page's language: the browser's own file box speaks the browser's (Choose File,
 * No file chosen), so its input is hidden behind our button, stays focusable (the button shows its
 * focus) and takes the file; `status` beside the button says what is chosen (styles.css `.file-pick`).
 */
export function FilePick({
  id,
  buttonLabel,
  status,
  inputRef,
  ...input
}: {
  id: string;
  buttonLabel: string;
  status: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'>) {
  return (
    <div className="file-pick">
      <input ref={inputRef} id={id} className="file-pick__input" type="file" {...input} />
      <label htmlFor={id} className="button button--secondary button--small file-pick__button">
        {buttonLabel}
      </label>
      {status !== null && <span className="note">{status}</span>}
    </div>
  );
}
