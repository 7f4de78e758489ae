import { notice, type Letter, type Notice } from './frame.ts';

/** To the owner: two staff members reversed a mistaken activation of their estate. */
export function activationReversedNotice(d: Letter): Notice {
  return notice(d, {
    kind: 'estate-lifecycle',
    about: 'the activation of your estate was reversed',
    lines: [
      'Two staff members checked your request and reversed the activation of your estate. It is back in planning, and what it had released is no longer shared.',
      'Emails already sent and files already downloaded cannot be taken back. Your beneficiaries and trustees have been told.',
    ],
  });
}
