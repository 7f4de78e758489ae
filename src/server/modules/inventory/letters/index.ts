import type { InventoryAction } from '../../../../core/inventory.schemas.ts';
import { closeLetter } from './close.ts';
import { keepLetter } from './keep.ts';
import type { LetterFacts, LetterText } from './letter-facts.ts';
import { memorialiseLetter } from './memorialise.ts';
import { notifyLetter } from './notify.ts';
import { sellLetter } from './sell.ts';
import { transferLetter } from './transfer.ts';

const TEMPLATES: Record<InventoryAction, (f: LetterFacts) => LetterText> = {
  close: closeLetter,
  transfer: transferLetter,
  memorialise: memorialiseLetter,
  keep: keepLetter,
  sell: sellLetter,
};

/** The letter for the wished action (none recorded: a plain notification). */
export const letterFor = (action: InventoryAction | null, facts: LetterFacts): LetterText => (action ? TEMPLATES[action] : notifyLetter)(facts);
export type { LetterFacts, LetterText };
