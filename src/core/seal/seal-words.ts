/**
 * What sealing promises, in the words the screens and the kits use (ADR 0112): exactly what holds
 * before and after the trustees give their kits (ADR 0098's table), how the key is cut, and what
 * re-keying does not change. Pure, so that each sentence is tested once.
 */

/** "Ada", "Ada and Byron", "Ada, Byron and Carl". */
export function namesInWords(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What holds, in three sentences: before the kits are given, after, and what the trustees could do together. */
export const SEAL_PROMISE = {
  before:
    "Until your passing has been confirmed and checked and enough trustees have given their kits, nobody at Heirloom can read what you seal, not even Heirloom's staff: Heirloom keeps only the lock, never the key.",
  after:
    'Once enough trustees have given their kits, Heirloom keeps the key they rebuilt, locked with its own key, and opens each sealed item for the people you left it to. From then on, the people who run Heirloom could read it too.',
  together: 'Your trustees together could open your Legacy Capsule at any time, even now and without Heirloom: choose people you trust together.',
} as const;

/** The promise in one sentence, for a sealed item's checkbox and the Settings card ("it", "them"). */
export function sealedUntilKits(it: 'it' | 'them'): string {
  return `Nobody at Heirloom can read ${it}, not even Heirloom's staff, until enough of your trustees give their kits after your passing; from then on, Heirloom keeps the key.`;
}

/** How the key is cut, for 0, 1 or several trustees; `threshold` is how many must come together. */
export function keySplitWords(trustees: string[], threshold: number): string {
  if (trustees.length === 0) return 'The key is cut into one Emergency Kit for each of your trustees, and a seal needs at least two. You have no trustees yet: name at least two first.';
  if (trustees.length === 1)
    return `The key is cut into one Emergency Kit for each of your trustees, and a seal needs at least two, so that one person alone can never open it. You have one so far, ${trustees[0]}: name at least one more first.`;
  const kits = `The key is cut into ${trustees.length} Emergency Kits, one for each of your trustees: ${namesInWords(trustees)}.`;
  if (threshold < 2) return `${kits} At least two of them must come together to open what you seal: first ask at least two to confirm a report, in your release safeguards.`;
  const m = Math.min(threshold, trustees.length);
  const who = m === trustees.length ? (m === 2 ? 'Both of them' : `All ${m} of them`) : `Any ${m} of them`;
  return `${kits} ${who} together can open what you seal; one alone cannot.`;
}

/** Re-keying, said before it is done: what stops working, and what does not. */
export const RESEAL_WORDS =
  'Your Owner Kit is needed. This browser opens what you sealed, locks it again with a new key, and makes new kits. The old kits then open nothing on Heirloom and nothing in a new Legacy Capsule. But a capsule downloaded before still opens with the old kits: ask your trustees to destroy their old kits and delete their old capsules, and send them the new capsule.';

/** A person who downloaded a capsule of an older seal: it still opens with that seal's kits. */
export interface OlderCapsuleHolder {
  name: string;
  /** their last capsule of an older seal */
  madeAt: string;
  you: boolean;
}

/** Who holds a capsule that the old kits still open, in one sentence (null: nobody is known to). */
export function olderCapsulesWords(holders: OlderCapsuleHolder[], formatDate: (iso: string) => string): string | null {
  if (!holders.length) return null;
  const names = holders.map((h) => `${h.you ? 'you' : h.name} (${formatDate(h.madeAt)})`);
  const one = holders.length === 1;
  const ask = holders.every((h) => h.you) ? 'Delete it, and any copy you gave, and send the new capsule instead.' : `Ask for ${one ? 'it' : 'them'} and any copies to be deleted, and send the new capsule instead.`;
  return `${one ? 'A Legacy Capsule' : 'Legacy Capsules'} of an older seal ${one ? 'was' : 'were'} downloaded by ${namesInWords(names)}. ${one ? 'It still opens' : 'They still open'} with the old kits. ${ask}`;
}

/** On a printed kit: that a capsule exists, who has it, and what to do with it. */
export function kitCapsuleWords(kind: 'share' | 'owner', ownerName: string, holders: string[], trusteePage: string): string {
  const trustees = namesInWords(holders);
  if (kind === 'owner')
    return `Your Legacy Capsule is one file with everything you sealed, still locked, that opens without Heirloom. Download it on your Sealing page and give a copy to each trustee (${trustees}) with their kit; they can also download it on their trustee page. Download a new one whenever you seal something more.`;
  return `A Legacy Capsule goes with this kit: one file with what ${ownerName} sealed, still locked. ${ownerName} gives a copy to each trustee (${trustees}), and each of you can download it at ${trusteePage}; after ${ownerName}'s passing, so can the people they left sealed items to. With enough kits it opens on any computer, even without Heirloom: unpack it and follow its README.txt. Keep it with this page.`;
}
