import { escapeHtml } from '../../lib/html.ts';
import { quotedName } from '../headers.ts';
import { greeting, letter, longDate, systemSubject, type Mail } from './frame.ts';

/** What an invitation email says; the same words for the first send, a resend and the reminder. */
export interface InvitationData {
  systemName: string;
  /** the single-use accept link */
  link: string;
  expiresAt: Date;
  /** the inviter's name as they typed it: quoted in the body, never in the subject */
  inviterName: string;
  inviteeName: string;
  /** "a beneficiary (Child)", "their client" … */
  what: string;
  /** the inviter's own words, quoted as theirs */
  personalMessage?: string | undefined;
  /** add a link that books an Initial Consultation after accepting */
  offerBooking?: boolean | undefined;
  /** the one follow-up reminder */
  reminder?: boolean | undefined;
}

/** The same link with ?book=consultation before its fragment (the token). */
function bookingLink(link: string): string {
  const url = new URL(link);
  url.search = '?book=consultation';
  return url.toString();
}


/**
 * The subject is the system's words only; the inviter's name and message — whatever they typed —
 * are quoted in the body as theirs, so they never read as the sender (ADR 0014). Each paragraph is
 * escaped for the HTML part.
 */
export function invitationMail(p: InvitationData): Mail {
  const inviter = quotedName(p.inviterName);
  const firstName = p.inviteeName.split(/\s+/)[0] ?? p.inviteeName;
  const system = p.systemName;
  type Paragraph = { text: string; link?: { label: string; url: string } };
  const paragraphs: Paragraph[] = [
    ...(p.reminder ? [{ text: `A few days ago ${system} sent you an invitation; this is a friendly reminder, in case it was missed.` }] : []),
    { text: `${system} is sending this on behalf of a member who gave their name as ${inviter}. They have invited you to ${system} as ${p.what}.` },
    ...(p.personalMessage?.trim() ? [{ text: `In their own words:\n\n${p.personalMessage.trim()}` }] : []),
    { text: `${system} is where its members keep the memories, documents and messages they want to pass on to the people they love.` },
    { text: 'Accept the invitation (create your account, or sign in if you already have one):', link: { label: 'Accept the invitation', url: p.link } },
    ...(p.offerBooking
      ? [{ text: `Or accept and book an Initial Consultation with ${inviter} straight away:`, link: { label: 'Accept and book an Initial Consultation', url: bookingLink(p.link) } }]
      : []),
    { text: `The link works once and expires on ${longDate(p.expiresAt)}. If you were not expecting this email, or do not know ${inviter}, you can ignore it.` },
  ];
  const text = paragraphs.map((x) => (x.link ? `${x.text}\n${x.link.url}` : x.text)).join('\n\n');
  const html = [{ text: greeting(firstName) }, ...paragraphs]
    .map((x: Paragraph) =>
      x.link
        ? `<p>${escapeHtml(x.text)}<br><a href="${escapeHtml(x.link.url)}">${escapeHtml(x.link.label)}</a></p>`
        : `<p>${escapeHtml(x.text).replaceAll('\n', '<br>')}</p>`,
    )
    .join('\n');
  return {
    kind: p.reminder ? 'invitation-reminder' : 'invitation',
    subject: systemSubject(system, p.reminder ? 'a reminder about your invitation' : 'an invitation sent on behalf of one of our members'),
    text: letter(firstName, [text]),
    html,
  };
}
