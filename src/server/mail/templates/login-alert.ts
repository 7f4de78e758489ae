import { letter, type Letter, type Mail } from './frame.ts';

/** A sign-in from a device the user had not used before (their "login alerts" setting is on). */
export function loginAlertMail(d: Letter & { device: string; ip: string; at: Date }): Mail {
  return {
    kind: 'login-alert',
    subject: `New sign-in to your ${d.systemName} account`,
    text: letter(d.name, [
      `Your ${d.systemName} account was signed in from a new device: ${d.device}${d.ip ? ` (IP address ${d.ip})` : ''} on ${d.at.toUTCString()}.`,
      '',
      'If this was you, there is nothing to do. If not, change your password now and review your signed-in devices under Security → Manage Access.',
    ]),
  };
}
