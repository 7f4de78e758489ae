import { letter, longDate, type Letter, type Mail } from './frame.ts';

/** "Delete my account": when it happens, that every session ended, and how to cancel it. */
export function accountDeletionScheduledMail(d: Letter & { due: Date }): Mail {
  const day = longDate(d.due);
  return {
    kind: 'account-deletion',
    subject: `Your ${d.systemName} account will be deleted on ${day}`,
    text: letter(d.name, [
      `You asked us to delete your ${d.systemName} account. On ${day} we will permanently remove your estate — memories, documents, digital assets and their secrets, beneficiaries, messages and every stored file — and your account.`,
      'You have been signed out everywhere.',
      '',
      `Changed your mind? Sign in before ${day} and the deletion is cancelled.`,
      '',
      "If you didn't ask for this, sign in now to cancel it and change your password.",
    ]),
  };
}
