import { letter, type Letter, type Mail } from './frame.ts';

/** Signing in during the grace period cancelled the deletion. */
export function accountDeletionCancelledMail(d: Letter): Mail {
  return {
    kind: 'account-deletion',
    subject: `Your ${d.systemName} account will not be deleted`,
    text: letter(d.name, [
      `You signed in, so the deletion of your ${d.systemName} account that you asked for is cancelled. Everything stays as it was.`,
      '',
      'If you still want to leave, you can ask again from Settings.',
    ]),
  };
}
