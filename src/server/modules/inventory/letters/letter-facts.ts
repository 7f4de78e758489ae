/** What every institution letter is made from: nothing else reaches it (never a vault secret). */
export interface LetterFacts {
  ownerName: string;
  /** "12 March 2026" */
  dateOfDeath: string;
  institution: string;
  /** its postal address, line by line */
  institutionAddress: string[];
  accountName: string;
  /** the whole reference, for the institution to find the account (null: none recorded) */
  reference: string | null;
  transferTo: string | null;
  executorName: string;
  executorEmail: string;
  /** "Executor" | "Deputy executor" | "Estate administrator" */
  executorRole: string;
  /** the enclosed proofs, by name */
  enclosures: string[];
}

/** A letter's subject and its body, paragraph by paragraph. */
export interface LetterText {
  subject: string;
  paragraphs: string[];
}

export const opening = (f: LetterFacts) =>
  `I am writing as the ${f.executorRole.toLowerCase()} of the estate of ${f.ownerName}, who died on ${f.dateOfDeath}. ${f.ownerName} held the account or policy below with you.`;

export const closing = (f: LetterFacts) =>
  `${f.enclosures.length ? 'I enclose copies of the documents listed below. ' : ''}Please reply to me by email at ${f.executorEmail}, quoting the reference. Thank you for your help at this difficult time.`;
