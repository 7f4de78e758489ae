import { closing, opening, type LetterFacts, type LetterText } from './letter-facts.ts';

/** When no wish was recorded: the death is reported and the institution asked what it needs. */
export const notifyLetter = (f: LetterFacts): LetterText => ({
  subject: `Notification of the death of ${f.ownerName}`,
  paragraphs: [
    opening(f),
    'Please record the death, freeze the account if that is your practice, and tell me what you need from the estate to settle it, with a statement showing its value on the date of death.',
    closing(f),
  ],
});
