import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** An administrator cleared the user's second factor, as they asked. */
export function twoFactorResetMail(d: Letter): Mail {
  return {
    kind: 'two-factor-reset',
    subject: systemSubject(d.systemName, 'your two-factor authentication was reset'),
    text: letter(d.name, [
      `A ${d.systemName} administrator reset the two-factor authentication on your account, as you asked. Your authenticator app's codes and your recovery codes no longer work.`,
      `Please set two-factor authentication up again: sign in, then open Settings and its Security section. Until then, your account is protected by your password alone.`,
      `If you did not ask for this, contact the ${d.systemName} administrator straight away.`,
    ]),
  };
}
