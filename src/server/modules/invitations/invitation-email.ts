import { quotedName } from '../../mail/headers.ts';

/** What an invitation email says; the same words for the first send, a resend and the reminder. */
export interface InvitationEmailParts {
  systemName: string;
  publicUrl: string;
  token: string;
  expiresAt: Date;
  /** the inviter's name as they typed it: quoted in the body, never in the subject */
  inviterName: string;
  inviteeName: string;
  /** "a beneficiary (Child)", "their client" … */
  what: string;
  /** the inviter's own words, quoted as theirs */
  personalMessage?: string | undefined;
  /** add a link that books an Initial Consultation after accepting */
  bookingLink?: boolean | undefined;
  /** the one follow-up reminder */
  reminder?: boolean | undefined;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const acceptPath = (token: string) => `/invitations/${token}`;
export const bookingQuery = '?book=consultation';

/**
 * The subject is the system's words only; the inviter's name and message — whatever they typed —
 * are quoted in the body as theirs, so they never read as the sender (ADR 0014). Each paragraph is
 * escaped for the HTML part.
 */
export function invitationEmail(p: InvitationEmailParts): { subject: string; text: string; html: string } {
  const base = p.publicUrl.replace(/\/$/, '');
  const link = `${base}${acceptPath(p.token)}`;
  const until = p.expiresAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const inviter = quotedName(p.inviterName);
  const firstName = p.inviteeName.split(/\s+/)[0] ?? p.inviteeName;
  const system = p.systemName;
  type Paragraph = { text: string; link?: { label: string; url: string } };
  const paragraphs: Paragraph[] = [
    { text: `Hello ${firstName},` },
    ...(p.reminder ? [{ text: `A few days ago ${system} sent you an invitation; this is a friendly reminder, in case it was missed.` }] : []),
    { text: `${system} is sending this on behalf of a member who gave their name as ${inviter}. They have invited you to ${system} as ${p.what}.` },
    ...(p.personalMessage?.trim() ? [{ text: `In their own words:\n\n${p.personalMessage.trim()}` }] : []),
    { text: `${system} is where its members keep the memories, documents and messages they want to pass on to the people they love.` },
    { text: 'Accept the invitation (create your account, or sign in if you already have one):', link: { label: 'Accept the invitation', url: link } },
    ...(p.bookingLink
      ? [{ text: `Or accept and book an Initial Consultation with ${inviter} straight away:`, link: { label: 'Accept and book an Initial Consultation', url: `${link}${bookingQuery}` } }]
      : []),
    { text: `The link works once and expires on ${until}. If you were not expecting this email, or do not know ${inviter}, you can ignore it.` },
  ];
  const text = paragraphs.map((x) => (x.link ? `${x.text}\n${x.link.url}` : x.text)).join('\n\n');
  const html = paragraphs
    .map((x) =>
      x.link
        ? `<p>${escapeHtml(x.text)}<br><a href="${escapeHtml(x.link.url)}">${escapeHtml(x.link.label)}</a></p>`
        : `<p>${escapeHtml(x.text).replaceAll('\n', '<br>')}</p>`,
    )
    .join('\n');
  const subject = p.reminder ? `${system}: a reminder about your invitation` : `${system}: an invitation sent on behalf of one of our members`;
  return { subject, text, html };
}
