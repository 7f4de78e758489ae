import { closing, opening, type LetterFacts, type LetterText } from './letter-facts.ts';

export const keepLetter = (f: LetterFacts): LetterText => ({
  subject: `The account of ${f.ownerName}, deceased`,
  paragraphs: [
    opening(f),
    'For now the estate would like this account kept open. Please record the death, tell me what you need from the estate to keep it in good order, and send me a statement showing its value on the date of death.',
    closing(f),
  ],
});
