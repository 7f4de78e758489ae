/** Small helpers for route actions that read forms and report field errors. */
import { plainFieldMessage } from '../../core/plain-messages.ts';

/** A text value from form data ('' when missing or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export type FieldErrors = Record<string, string>;

/** The first message per top-level field, from zod issues (`schema.safeParse(x).error.issues`). */
export function fieldErrorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in fields)) fields[key] = plainFieldMessage(key, issue.message);
  }
  return fields;
}
