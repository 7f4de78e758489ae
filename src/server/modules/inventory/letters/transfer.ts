import { closing, opening, type LetterFacts, type LetterText } from './letter-facts.ts';

export const transferLetter = (f: LetterFacts): LetterText => ({
  subject: `Transferring the account of ${f.ownerName}, deceased`,
  paragraphs: [
    opening(f),
    `Please tell me what you need to transfer this account${f.transferTo ? ` to ${f.transferTo}` : ''}, in line with the wishes of the deceased, and send me a statement showing its value on the date of death.`,
    closing(f),
  ],
});
