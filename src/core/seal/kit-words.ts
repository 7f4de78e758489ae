import type { KitProblem } from './kit-codec.ts';

/** Why a kit's code was not read, in words for the person typing it (the server's and the browser's). */
export const KIT_PROBLEM_WORDS: Record<KitProblem, string> = {
  empty: 'Type the code from your kit, or give a photo of its QR code.',
  unreadable: 'That is not the code of a Heirloom kit. Type the long code printed under “The code”, group by group.',
  mistyped: 'That code has a mistake in it. Check each group against your kit (O and 0, I and 1 are read the same).',
  'unknown-version': 'This kit was made by a newer version of Heirloom than this one. Ask the estate administrator for help.',
};
