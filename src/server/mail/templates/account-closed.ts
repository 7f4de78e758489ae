import { letter, type Letter, type Mail } from './frame.ts';

/** To each of a deleted account's beneficiaries: what the owner kept is gone. */
export function accountClosedMail(d: Letter & { ownerName: string }): Mail {
  return {
    kind: 'account-deletion',
    subject: `${d.ownerName} has closed their ${d.systemName} account`,
    text: letter(d.name, [
      `${d.ownerName} has closed their ${d.systemName} account. What they kept there — including anything they shared with you or planned to share later — has been permanently deleted and is no longer available.`,
      '',
      'If you have questions about their wishes, please talk to their family or their legal representative.',
    ]),
  };
}
