import { useState } from 'react';

/** What the form needs of a schema from @quiz-points/shared: zod's safeParse. */
export interface FormSchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly FormIssue[] } };
}

export interface FormIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
}

/** The id of the element that says what is wrong with a field (its `aria-describedby` target). */
export const fieldErrorId = (field: string) => `${field}-error`;

/**
 * The attributes of the control `id`: described by its other descriptions (`describedBy`), its hint
 * (`<id>-hint`) and, when it is wrong, its message (`<id>-error`), and marked `aria-invalid`.
 */
export function describedControl(
  id: string,
  { hint, error, describedBy }: { hint?: unknown; error?: string; describedBy?: string },
) {
  const ids = [describedBy, hint ? `${id}-hint` : '', error ? fieldErrorId(id) : '']
    .filter(Boolean)
    .join(' ');
  return { 'aria-invalid': error ? ('true' as const) : undefined, 'aria-describedby': ids || undefined };
}

/** Each field's first problem, by the field (the first step of its path). */
export function errorsByField(issues: readonly FormIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The errors still to show once the input changed: a field shown wrong keeps its mark only while it
 * is still wrong (with what is wrong now); a field not marked yet is not marked while it is typed in.
 */
export function stillWrong(shown: Record<string, string>, now: Record<string, string>) {
  return Object.fromEntries(
    Object.keys(shown)
      .filter((field) => field in now)
      .map((field) => [field, now[field]!]),
  );
}

/**
 * A form checked on submit by the server's own request schema (@quiz-points/shared), so the
 * browser never re-states a rule. `validate` runs the schema: the first problem becomes the form's
 * summary (or `summary`, when the form has one message for any problem, as SPEC §5's ad form), and
 * every field with a problem is marked next to it — `invalid(field)` gives its `aria-invalid` and
 * `aria-describedby`, `<FieldError>` its message. `recheck` runs it again as the person types, so a
 * mark goes the moment its field is right. `fail` reports what only the server or a rule beyond the
 * schema can tell.
 */
export function useForm<T>(schema: FormSchema<T>, options: { summary?: string } = {}) {
  const [summary, setSummary] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const report = (message: string, errors: Record<string, string>) => {
    setSummary(message);
    setFieldErrors(errors);
  };
  const summaryOf = (issues: readonly FormIssue[]) => options.summary ?? issues[0]?.message ?? '';

  return {
    summary,
    /**
     * The summary to show under the form when no field says it already: a refusal of the whole form,
     * or a summary of its own (the forms whose fields say what is wrong show it once, beside the field).
     */
    formError: Object.values(fieldErrors).includes(summary) ? '' : summary,
    /** Whether any field is marked wrong. */
    hasFieldErrors: Object.keys(fieldErrors).length > 0,
    /** The message for one field, or '' while it is fine. */
    errorOf: (field: string) => fieldErrors[field] ?? '',
    /** Runs the schema; the parsed body when it passes, undefined (and the form marked) when not. */
    validate(input: unknown): T | undefined {
      const result = schema.safeParse(input);
      if (result.success) {
        report('', {});
        return result.data;
      }
      report(summaryOf(result.error.issues), errorsByField(result.error.issues));
      return undefined;
    },
    /**
     * After an edit: the marks of the fields now right go at once, the others keep saying what is
     * wrong (the summary goes with the last one). A refusal not tied to a field goes with any edit.
     */
    recheck(input: unknown) {
      const shown = Object.keys(fieldErrors);
      if (shown.length === 0) {
        if (summary) report('', {});
        return;
      }
      const result = schema.safeParse(input);
      const left = stillWrong(fieldErrors, result.success ? {} : errorsByField(result.error.issues));
      const unchanged =
        Object.keys(left).length === shown.length &&
        shown.every((field) => left[field] === fieldErrors[field]);
      if (unchanged) return;
      const first = Object.values(left)[0];
      report(first === undefined ? '' : (options.summary ?? first), left);
    },
    /** A refusal beyond the schema: the summary, and the fields it concerns marked with it. */
    fail(message: string, ...fields: string[]) {
      report(message, Object.fromEntries(fields.map((field) => [field, message])));
    },
    clear: () => report('', {}),
    /**
     * The attributes that mark a control as wrong and point it at its message. `messageOf` names the
     * message element when several controls share one (its `<FieldError field>`); `describedBy` keeps
     * the control's other descriptions.
     */
    invalid: (
      field: string,
      { messageOf = field, describedBy }: { messageOf?: string; describedBy?: string } = {},
    ) => describedControl(messageOf, { error: fieldErrors[field], describedBy }),
  };
}

export type Form = ReturnType<typeof useForm>;

/**
 * Once a refused form has drawn its marks, the focus goes to its first wrong control, whose label
 * and message (its aria-describedby) a screen reader then reads.
 */
export function focusFirstInvalid(container: HTMLElement | null) {
  requestAnimationFrame(() => container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
