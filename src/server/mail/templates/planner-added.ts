import { quotedName } from '../headers.ts';
import { letter, systemSubject, type Mail } from './frame.ts';

/**
 * An owner added a public planner to their support team. The subject is the system's words only:
 * the owner's name is what they typed, so it stays in the body, quoted.
 */
export function plannerAddedMail(d: { systemName: string; plannerName: string; ownerName: string; link: string }): Mail {
  return {
    kind: 'support-team-added',
    subject: systemSubject(d.systemName, "you have been added to a member's support team"),
    text: letter(d.plannerName.split(/\s+/)[0]!, [
      `${d.systemName} is writing on behalf of a member who gave their name as ${quotedName(d.ownerName)}: they found your public profile and added you to their support team as their Legacy Planner.`,
      '',
      `You can see their progress, tasks and appointments here: ${d.link}`,
      '',
      `If you do not want to be listed, set your profile visibility to Private in your settings.`,
    ]),
  };
}
