import type { FormIssue, FormSchema } from '../../lib/use-form.ts';

/**
 * The schema with each issue named by the first two steps of its path ('quizOptions.1', '0.points',
 * '0.amounts'), so a form can mark the one item of a list that is wrong, not the whole list.
 */
export function withItemPaths<T>(schema: FormSchema<T>): FormSchema<T> {
  return {
    safeParse(input) {
      const result = schema.safeParse(input);
      if (result.success) return result;
      const issues = result.error.issues.map((issue) => ({
        ...issue,
        path: [issue.path.slice(0, 2).join('.')],
      }));
      return { success: false, error: { issues } };
    },
  };
}

/**
 * The schema with each issue said another way (`restate`: its field and message), so a form whose
 * request refuses with one message for everything can still say beside each field what is wrong.
 */
export function withFieldProblems<T>(
  schema: FormSchema<T>,
  restate: (issue: FormIssue) => { path: PropertyKey[]; message: string },
): FormSchema<T> {
  return {
    safeParse(input) {
      const result = schema.safeParse(input);
      if (result.success) return result;
      return { success: false, error: { issues: result.error.issues.map(restate) } };
    },
  };
}
