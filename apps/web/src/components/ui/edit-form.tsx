import { type RefObject, useEffect, useRef, useState } from 'react';
import { FormError } from './form-message.tsx';
import { SubmitButton } from './submit-button.tsx';

/**
 * The item a create-or-edit page is editing (null: a new one), and whether the last edit was saved.
 * `edit` starts editing an item of the list; `done` ends it, saved or given up. When editing starts,
 * the form's heading (EditHeading) takes the focus, so someone who pressed a list's 編集する from a
 * keyboard or screen reader lands on the form it filled, far above.
 */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [updated, setUpdated] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (editing) heading.current?.focus();
  }, [editing]);
  return {
    editing,
    updated,
    heading,
    edit: (item: T) => {
      setUpdated(false);
      setEditing(item);
    },
    done: (saved: boolean) => {
      setEditing(null);
      setUpdated(saved);
    },
  };
}

/** The form's heading (new, or what is being edited), then what the last edit did (`updatedText`). */
export function EditHeading({
  editor,
  title,
  updatedText,
}: {
  editor: { heading: RefObject<HTMLHeadingElement | null>; updated: boolean };
  title: string;
  updatedText: string;
}) {
  return (
    <>
      <h2 ref={editor.heading} tabIndex={-1}>
        {title}
      </h2>
      {editor.updated && (
        <p role="status" className="form-success">
          {updatedText}
        </p>
      )}
    </>
  );
}

/**
 * The end of a create-or-edit form: its refusal (role=alert), its success (role=status), the submit
 * button (更新する while editing) and, while editing, the way back to a new item.
 */
export function EditFormFooter({
  summary,
  success,
  pending,
  createLabel,
  editing,
  onCancel,
}: {
  summary: string;
  success: string | null;
  pending: boolean;
  createLabel: string;
  editing: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <FormError text={summary} />
      {success && (
        <p role="status" className="form-success">
          {success}
        </p>
      )}
      <SubmitButton pending={pending}>{editing ? '更新する' : createLabel}</SubmitButton>
      {editing && (
        <button type="button" className="button button--secondary button--wide" onClick={onCancel}>
          編集をやめる
        </button>
      )}
    </>
  );
}
