/**
 * Validation messages in plain words, for every form and every API error (ADR 0043): "Enter a
 * date", "Enter an email address", "Enter a title" — never "Invalid input: expected string" or
 * "Must be a date (YYYY-MM-DD)". Installed once as zod's global error map (common.schemas.ts), so
 * the browser's checks and the server's 400s say the same thing; a schema's own message still wins.
 */

/** What a field is called in "Enter …" / "Choose …", by its key. */
const FIELD_NOUNS: Record<string, string> = {
  title: 'a title',
  subject: 'a subject',
  body: 'your message',
  text: 'the text',
  description: 'a description',
  email: 'an email address',
  date: 'a date',
  dueDate: 'a due date',
  deliverOn: 'the delivery date',
  activationDate: 'the activation date',
  dateOfBirth: 'a date of birth',
  recipientDateOfBirth: 'their date of birth',
  time: 'a time',
  firstName: 'a first name',
  lastName: 'a last name',
  name: 'a name',
  fullName: 'your full name',
  password: 'your password',
  currentPassword: 'your current password',
  newPassword: 'a new password',
  phone: 'a phone number',
  institution: 'the institution',
  username: 'a username',
  note: 'a note',
  notes: 'notes',
  message: 'a message',
  task: 'a task',
  reason: 'a reason',
  code: 'the code',
  systemName: 'a system name',
  daysAfterActivation: 'the number of days',
};

/** Fields picked from a list: "Choose …". */
const CHOICE_NOUNS: Record<string, string> = {
  recipientId: 'a recipient',
  recipientUserId: 'a recipient',
  relationship: 'a relationship',
  priority: 'a priority',
  type: 'a type',
  category: 'a category',
  deliveryRule: 'when it is delivered',
  role: 'a role',
};

function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
}

/** "Enter a title", "Choose a relationship"; for a key we have no noun for, "Enter the <words>". */
export function requiredMessage(key: string | undefined): string {
  if (!key) return 'Fill this in';
  if (CHOICE_NOUNS[key]) return `Choose ${CHOICE_NOUNS[key]}`;
  if (FIELD_NOUNS[key]) return `Enter ${FIELD_NOUNS[key]}`;
  return `Enter the ${words(key)}`;
}

/** A schema's own terse message made plain: 'Required' names the field. */
export function plainFieldMessage(key: string | undefined, message: string): string {
  return message === 'Required' ? requiredMessage(key) : message;
}

const isEmpty = (input: unknown) => input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

/** What zod's error map is handed (the fields we read of its raw issue). */
export interface RawIssue {
  code?: string;
  path?: PropertyKey[] | undefined;
  input?: unknown;
}

/** zod's global error map: the plain message for an issue, or undefined for zod's own. */
export function plainZodMessage(issue: RawIssue): string | undefined {
  const last = issue.path?.[issue.path.length - 1];
  const key = typeof last === 'string' ? last : undefined;
  const detail = issue as RawIssue & { origin?: string; format?: string; minimum?: number | bigint | Date; maximum?: number | bigint | Date; expected?: string };
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(issue.input)) return requiredMessage(key);
      if (detail.expected === 'number' || detail.expected === 'int') return 'Enter a number';
      if (detail.expected === 'boolean') return 'Choose yes or no';
      return 'Enter this in words or numbers';
    case 'invalid_format':
      if (detail.format === 'date') return isEmpty(issue.input) ? requiredMessage(key ?? 'date') : 'Enter a real date';
      if (detail.format === 'time') return 'Enter a time, like 14:30';
      if (detail.format === 'email') return isEmpty(issue.input) ? 'Enter an email address' : 'Enter an email address, like name@example.com';
      if (detail.format === 'uuid' || detail.format === 'guid') return 'Choose one from the list';
      if (detail.format === 'regex') return 'Check the format of this';
      return undefined;
    case 'too_small':
      if (detail.origin === 'string') return Number(detail.minimum) <= 1 ? requiredMessage(key) : `Use at least ${detail.minimum} characters`;
      if (detail.origin === 'number') return `Enter ${detail.minimum} or more`;
      if (detail.origin === 'array' || detail.origin === 'set') return Number(detail.minimum) <= 1 ? 'Choose at least one' : `Choose at least ${detail.minimum}`;
      return undefined;
    case 'too_big':
      if (detail.origin === 'string') return `Use at most ${detail.maximum} characters`;
      if (detail.origin === 'number') return `Enter ${detail.maximum} or less`;
      if (detail.origin === 'array' || detail.origin === 'set') return `Choose at most ${detail.maximum}`;
      return undefined;
    case 'invalid_value':
      return key && CHOICE_NOUNS[key] ? `Choose ${CHOICE_NOUNS[key]}` : 'Choose one of the options';
    case 'unrecognized_keys':
      return 'Unknown field';
    case 'not_multiple_of':
      return 'Enter a whole number';
    default:
      return undefined;
  }
}
