/**
 * Text that goes into a mail header (subject) must be one line: no control characters, no line or
 * paragraph separators (a newline there could start a header of its own), no runs of whitespace.
 */
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const UNSAFE_IN_HEADER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

export function headerSafe(text: string, maxLength = 200): string {
  return text.replace(UNSAFE_IN_HEADER, ' ').replace(/\s+/g, ' ').trim().slice(0, maxLength);
}

/**
 * A name someone typed, for the body of a mail sent on their behalf: one line, quoted, so it reads
 * as what they called themselves and not as the sender ("a member who gave their name as “…”").
 */
export function quotedName(name: string): string {
  return `“${headerSafe(name, 100).replace(/[“”"]/g, '')}”`;
}
