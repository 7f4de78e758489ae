import { closing, opening, type LetterFacts, type LetterText } from './letter-facts.ts';

export const closeLetter = (f: LetterFacts): LetterText => ({
  subject: `Closing the account of ${f.ownerName}, deceased`,
  paragraphs: [
    opening(f),
    'Please close this account, stop any payments into or out of it, and send me a final statement showing the balance on the date of death and any amount to be paid to the estate or owed by it.',
    closing(f),
  ],
});
