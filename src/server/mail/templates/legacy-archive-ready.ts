import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** The owner's legacy export is ready: the single-use download page. */
export function legacyArchiveReadyMail(d: Letter & { link: string; expiresAt: Date }): Mail {
  return {
    kind: 'legacy-export-ready',
    subject: systemSubject(d.systemName, 'your legacy archive is ready'),
    text: letter(d.name, [
      `The archive of your legacy that you asked for is ready. Download it (once) within 24 hours, while signed in:`,
      d.link,
      '',
      `The link works until ${d.expiresAt.toUTCString()}; after one download or that time the archive is deleted.`,
      'If you did not ask for this, change your password on the Security screen.',
    ]),
  };
}
