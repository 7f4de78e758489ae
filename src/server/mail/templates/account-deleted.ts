import { letter, type Letter, type Mail } from './frame.ts';

/** To the owner once their account and estate are gone. */
export function accountDeletedMail(d: Letter & { beneficiariesTold: number }): Mail {
  const told = d.beneficiariesTold;
  return {
    kind: 'account-deletion',
    subject: `Your ${d.systemName} account has been deleted`,
    text: letter(d.name, [
      `As you asked, your ${d.systemName} account and everything in your estate have been permanently deleted. ${told ? `We let your ${told === 1 ? 'beneficiary' : `${told} beneficiaries`} know.` : ''}`,
      '',
      'Thank you for having trusted us with your legacy.',
    ]),
  };
}
