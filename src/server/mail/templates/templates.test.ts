import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountClosedMail } from './account-closed.ts';
import { accountDeletedMail } from './account-deleted.ts';
import { accountDeletionCancelledMail } from './account-deletion-cancelled.ts';
import { accountDeletionScheduledMail } from './account-deletion-scheduled.ts';
import { accountLockedMail } from './account-locked.ts';
import { activationReversedNotice } from './activation-reversed.ts';
import { checkInMissedMail } from './check-in-missed.ts';
import { checkInQuestionMail } from './check-in-question.ts';
import { checkInReminderMail } from './check-in-reminder.ts';
import { emailChangeConfirmationMail } from './email-change-confirmation.ts';
import { emailChangeRequestedMail } from './email-change-requested.ts';
import { emailChangeTakenMail } from './email-change-taken.ts';
import { emailChangedMail } from './email-changed.ts';
import { emailVerificationMail } from './email-verification.ts';
import { estateReportToOwnerNotice } from './estate-report-to-owner.ts';
import { deadlineReminderNotice } from './deadline-reminder.ts';
import { executorNamedNotice } from './executor-named.ts';
import { firstAdminPasswordMail } from './first-admin-password.ts';
import { notice, type Mail } from './frame.ts';
import { incapacityGranteeNotice, incapacityOwnerNotice } from './incapacity-mode.ts';
import { invitationMail } from './invitation.ts';
import { legacyArchiveReadyMail } from './legacy-archive-ready.ts';
import { loginAlertMail } from './login-alert.ts';
import { notificationDigestMail } from './notification-digest.ts';
import { notificationMail } from './notification.ts';
import { passwordChangedMail } from './password-changed.ts';
import { passwordResetMail } from './password-reset.ts';
import { passwordWasResetMail } from './password-was-reset.ts';
import { plannerAddedMail } from './planner-added.ts';
import { signUpConfirmationMail } from './sign-up-confirmation.ts';
import { signUpExistingAccountMail } from './sign-up-existing-account.ts';
import { trusteeAskedNotice } from './trustee-asked.ts';
import { trusteeNamedNotice } from './trustee-named.ts';
import { trusteePassedOverNotice } from './trustee-passed-over.ts';
import { twoFactorResetMail } from './two-factor-reset.ts';
import { vetoReminderNotice } from './veto-reminder.ts';

/** What a user typed (a name, a message, a user agent): marked so a subject that carries it is found. */
const typed = (what: string) => `«${what}»`;
/** A link that carries a secret token: never in a subject, always in the body. */
const link = 'https://heirloom.test/open#SECRET-TOKEN';
const systemName = 'Heirloom';
const at = new Date('2031-03-04T10:00:00Z');
const to = { systemName, name: typed('recipient') };
const owner = typed('owner');
const item = { message: typed('message'), fromName: typed('sender'), url: link };

/**
 * Every template with sample data, by file. `typedInSubject` lists what typed text its subject
 * carries today (the owner's name, for trustees and beneficiaries who know them); every other
 * subject carries none (deliver.ts and ADR 0014: typed text in a subject can read as the sender).
 */
const SAMPLES: Record<string, { mails: Mail[]; typedInSubject?: string[]; noLink?: true }> = {
  'account-closed.ts': { mails: [accountClosedMail({ ...to, ownerName: owner })], typedInSubject: [owner], noLink: true },
  'account-deleted.ts': { mails: [accountDeletedMail({ ...to, beneficiariesTold: 2 })], noLink: true },
  'account-deletion-cancelled.ts': { mails: [accountDeletionCancelledMail(to)], noLink: true },
  'account-deletion-scheduled.ts': { mails: [accountDeletionScheduledMail({ ...to, due: at })], noLink: true },
  'account-locked.ts': { mails: [accountLockedMail({ ...to, lockMinutes: 15, maxFailures: 5 })], noLink: true },
  'activation-reversed.ts': { mails: [activationReversedNotice(to).mail], noLink: true },
  'check-in-missed.ts': { mails: [checkInMissedMail({ ...to, due: 'Tuesday 4 March 2031', trusteesAsked: true, link })] },
  'check-in-question.ts': { mails: [checkInQuestionMail({ ...to, ownerName: owner, due: 'Tuesday 4 March 2031', link })], typedInSubject: [owner] },
  'check-in-reminder.ts': { mails: [checkInReminderMail({ ...to, stage: 'week', due: 'Tuesday 4 March 2031', link })] },
  'email-change-confirmation.ts': { mails: [emailChangeConfirmationMail({ ...to, link })] },
  'email-change-requested.ts': { mails: [emailChangeRequestedMail({ ...to, at, from: 'old@example.com', to: 'new@example.com' })], noLink: true },
  'email-change-taken.ts': { mails: [emailChangeTakenMail({ systemName })], noLink: true },
  'email-changed.ts': { mails: [emailChangedMail({ ...to, at, from: 'old@example.com', to: 'new@example.com' })], noLink: true },
  'email-verification.ts': { mails: [emailVerificationMail({ ...to, link }), emailVerificationMail({ ...to, link, reminder: true })] },
  'estate-report-to-owner.ts': {
    mails: [estateReportToOwnerNotice({ ...to, stage: 'verification_pending', url: link }).mail, estateReportToOwnerNotice({ ...to, stage: 'activation_pending', url: link }).mail],
  },
  'first-admin-password.ts': { mails: [firstAdminPasswordMail({ ...to, link })] },
  'incapacity-mode.ts': {
    mails: [
      incapacityOwnerNotice({ ...to, step: { kind: 'started' }, url: link }).mail,
      incapacityOwnerNotice({ ...to, step: { kind: 'ended', by: 'trustee', byName: typed('trustee') }, url: link }).mail,
      incapacityGranteeNotice({ ...to, ownerName: owner, step: { kind: 'started' }, url: link }).mail,
    ],
  },
  'invitation.ts': {
    mails: [false, true].map((reminder) =>
      invitationMail({ systemName, link, expiresAt: at, inviterName: owner, inviteeName: typed('invitee'), what: 'a beneficiary', personalMessage: typed('words'), offerBooking: true, reminder }),
    ),
  },
  'legacy-archive-ready.ts': { mails: [legacyArchiveReadyMail({ ...to, link, expiresAt: at })] },
  'login-alert.ts': { mails: [loginAlertMail({ ...to, device: typed('user agent'), ip: '203.0.113.9', at })], noLink: true },
  'notification-digest.ts': { mails: [notificationDigestMail({ ...to, frequency: 'weekly', items: [item, item] })] },
  'notification.ts': { mails: [notificationMail({ ...to, type: 'message', items: [item] })] },
  'password-changed.ts': { mails: [passwordChangedMail({ ...to, at, otherSessionsEnded: 2 })], noLink: true },
  'password-reset.ts': { mails: [passwordResetMail({ ...to, link })] },
  'password-was-reset.ts': { mails: [passwordWasResetMail({ ...to, at, sessionsEnded: 3 })], noLink: true },
  'planner-added.ts': { mails: [plannerAddedMail({ systemName, plannerName: typed('planner'), ownerName: owner, link })] },
  'sign-up-confirmation.ts': { mails: [signUpConfirmationMail({ systemName, link })] },
  'sign-up-existing-account.ts': { mails: [signUpExistingAccountMail({ ...to, signInUrl: link })] },
  'trustee-asked.ts': {
    mails: [trusteeAskedNotice({ ...to, ownerName: owner, reporterName: typed('reporter'), relationship: typed('relationship'), what: 'passing', dueAt: at, url: link }).mail],
    typedInSubject: [owner],
  },
  'deadline-reminder.ts': {
    mails: [null, 'https://www.gov.uk/register-a-death'].map((sourceUrl) => deadlineReminderNotice({ ...to, ownerName: owner, title: typed('title'), dueOn: '2031-03-04', inDays: 3, sourceUrl, url: link }).mail),
  },
  'executor-named.ts': {
    mails: (['executor', 'deputy'] as const).map((position) => executorNamedNotice({ ...to, ownerName: owner, position, url: link }).mail),
    typedInSubject: [owner],
  },
  'trustee-named.ts': {
    mails: [false, true].map((yearly) => trusteeNamedNotice({ ...to, ownerName: owner, yearly, url: link }).mail),
    typedInSubject: [owner],
  },
  'trustee-passed-over.ts': { mails: [trusteePassedOverNotice({ ...to, ownerName: owner, url: link }).mail], typedInSubject: [owner] },
  'two-factor-reset.ts': { mails: [twoFactorResetMail(to)], noLink: true },
  'veto-reminder.ts': {
    mails: [vetoReminderNotice({ ...to, reporterName: typed('reporter'), relationship: typed('relationship'), what: 'incapacity', countdown: '3 days left', url: link }).mail],
  },
};

const HELPERS = ['frame.ts'];

describe('mail templates', () => {
  it('every template in the folder has samples here', () => {
    const files = fs.readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !HELPERS.includes(f));
    expect(Object.keys(SAMPLES).sort()).toEqual(files.sort());
  });

  describe.each(Object.entries(SAMPLES))('%s', (_file, { mails, typedInSubject = [] }) => {
    it.each(mails.map((mail, i) => [i, mail] as const))('sample %i: one-line subject without links or typed text it may not carry; a kind', (_i, mail) => {
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.subject).not.toContain('SECRET');
      expect(mail.subject).not.toContain('https://');
      for (const found of mail.subject.match(/«[^»]*»/g) ?? []) expect(typedInSubject, `${found} in "${mail.subject}"`).toContain(found);
      expect(mail.kind).toMatch(/^[a-z-]+$/);
    });
  });

  it('the link given to a template ends a line of its body', () => {
    for (const [file, { mails, noLink }] of Object.entries(SAMPLES)) {
      for (const mail of mails) expect(mail.text.split('\n').some((line) => line === link || line.endsWith(` ${link}`)), file).toBe(!noLink);
    }
  });

  it('a notice says its first line in-app and ends its email with its link', () => {
    const { inApp, mail } = notice(to, { kind: 'test', about: 'something happened', lines: ['First line.', 'Second line.'], url: link });
    expect(inApp).toBe('First line.');
    expect(mail).toEqual({ kind: 'test', subject: 'Heirloom: something happened', text: `Hello ${to.name},\n\nFirst line.\nSecond line.\n\n${link}` });
  });

  it("an invitation escapes the inviter's words in its HTML part and quotes their name in the body", () => {
    const mail = invitationMail({ systemName, link, expiresAt: at, inviterName: 'Eve <b>', inviteeName: 'Sam Smith', what: 'a beneficiary', personalMessage: '<script>x</script>' });
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toMatch(/^Hello Sam,\n\n/);
    expect(mail.text).toContain('a member who gave their name as “Eve <b>”');
    expect(mail.text).toContain('expires on 4 March 2031');
  });
});

/**
 * Mail wording lives in this folder: a service that sends a mail passes a template's result and
 * writes no subject or greeting of its own. Comments are skipped; a false alarm from a string that
 * merely mentions a subject is fixed by rewording it, not by loosening this.
 */
describe('services build no mail inline', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(file);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
    });
  const code = (file: string) =>
    fs
      .readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
  const senders = ['modules', 'notices'].flatMap((dir) => sources(path.join(root, dir))).filter((file) => code(file).includes('mailer.send('));

  it('finds the services that send mail', () => {
    expect(senders.length).toBeGreaterThan(20);
  });

  it.each(senders.map((file) => [path.relative(root, file)]))('%s', (file) => {
    const text = code(path.join(root, file));
    expect(text).not.toMatch(/\bsubject\b/);
    expect(text).not.toMatch(/['"`]Hello[ ,]/);
  });
});
