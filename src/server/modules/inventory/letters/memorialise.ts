import { closing, opening, type LetterFacts, type LetterText } from './letter-facts.ts';

export const memorialiseLetter = (f: LetterFacts): LetterText => ({
  subject: `Memorialising the account of ${f.ownerName}, deceased`,
  paragraphs: [
    opening(f),
    'The family would like this account kept as a memorial rather than deleted. Please memorialise it, or tell me how to ask for that, and make sure no one can sign in to it.',
    closing(f),
  ],
});
