import type { MailMessage } from '../mailer.ts';

/** A rendered mail: everything but the address, which the service decides. */
export type Mail = Omit<MailMessage, 'to'>;

/** Who a mail greets, and the platform's name as its settings give it. */
export interface Letter {
  systemName: string;
  /** the recipient's name as stored */
  name: string;
}

/** The usual subject: the platform's name, then what the mail is about. */
export const systemSubject = (systemName: string, about: string) => `${systemName}: ${about}`;

/** "Hello <name>," ("Hello," when there is no account to take a name from). */
export const greeting = (name: string | null) => (name === null ? 'Hello,' : `Hello ${name},`);

/** The greeting, a blank line, the lines. */
export function letter(name: string | null, lines: readonly string[]): string {
  return [greeting(name), '', ...lines].join('\n');
}

/** The sign-in page, going on to `next` (an in-app path) once signed in: the link a notice ends with. */
export const signInUrl = (publicUrl: string, next: string) => new URL(`/sign-in?next=${encodeURIComponent(next)}`, publicUrl).toString();

/** A day as mails write it: "4 March 2031" (UTC). */
export const longDate = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** What is said twice: in-app (the first line) and by email (every line, then the link, if any). */
export interface Notice {
  inApp: string;
  mail: Mail;
}

export function notice(to: Letter, words: { kind: string; about: string; lines: readonly [string, ...string[]]; url?: string }): Notice {
  const { lines, url } = words;
  return {
    inApp: lines[0],
    mail: { subject: systemSubject(to.systemName, words.about), text: letter(to.name, url ? [...lines, '', url] : lines), kind: words.kind },
  };
}
