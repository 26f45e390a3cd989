import { useState } from 'react';

/** What the form needs of a schema from @quiz-points/shared: zod's safeParse. */
export interface FormSchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly FormIssue[] } };
}

interface FormIssue {
  path: readonly PropertyKey[];
  message: string;
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

/**
 * A form checked on submit by the server's own request schema (@quiz-points/shared), so the
 * browser never re-states a rule. `validate` runs the schema: the first problem becomes the form's
 * summary (the SPEC's message, shown under the form as role=alert), and every field with a problem
 * is marked next to it — `invalid(field)` gives its `aria-invalid` and `aria-describedby`, `<FieldError>`
 * its message. `fail` reports what only the server or a rule beyond the schema can tell.
 */
export function useForm<T>(schema: FormSchema<T>) {
  const [summary, setSummary] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const report = (message: string, errors: Record<string, string>) => {
    setSummary(message);
    setFieldErrors(errors);
  };

  return {
    summary,
    /** The message for one field, or '' while it is fine. */
    errorOf: (field: string) => fieldErrors[field] ?? '',
    /** Runs the schema; the parsed body when it passes, undefined (and the form marked) when not. */
    validate(input: unknown): T | undefined {
      const result = schema.safeParse(input);
      if (result.success) {
        report('', {});
        return result.data;
      }
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field && !(field in errors)) errors[field] = issue.message;
      }
      report(result.error.issues[0]?.message ?? '', errors);
      return undefined;
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
