import { closing, opening, type LetterFacts, type LetterText } from './letter-facts.ts';

export const sellLetter = (f: LetterFacts): LetterText => ({
  subject: `Selling a holding of ${f.ownerName}, deceased`,
  paragraphs: [
    opening(f),
    'The estate intends to sell this holding. Please tell me what you need from me to sell it and to pay the proceeds to the estate, and send me its value on the date of death.',
    closing(f),
  ],
});
