import { describe, expect, it } from 'vitest';
import { keySplitWords, kitCapsuleWords, namesInWords, olderCapsulesWords, RESEAL_WORDS, SEAL_PROMISE, sealedUntilKits } from './seal-words.ts';

describe('how the key is cut, in words', () => {
  it('says plainly that a seal needs two trustees when there are none or one', () => {
    expect(keySplitWords([], 2)).toBe('The key is cut into one Emergency Kit for each of your trustees, and a seal needs at least two. You have no trustees yet: name at least two first.');
    expect(keySplitWords(['Ada'], 2)).toBe(
      'The key is cut into one Emergency Kit for each of your trustees, and a seal needs at least two, so that one person alone can never open it. You have one so far, Ada: name at least one more first.',
    );
  });

  it('names every trustee and how many must come together', () => {
    expect(keySplitWords(['Ada', 'Byron'], 2)).toBe('The key is cut into 2 Emergency Kits, one for each of your trustees: Ada and Byron. Both of them together can open what you seal; one alone cannot.');
    expect(keySplitWords(['Ada', 'Byron', 'Carl'], 2)).toBe(
      'The key is cut into 3 Emergency Kits, one for each of your trustees: Ada, Byron and Carl. Any 2 of them together can open what you seal; one alone cannot.',
    );
    expect(keySplitWords(['Ada', 'Byron', 'Carl'], 3)).toMatch(/All 3 of them together can open/);
    expect(keySplitWords(['Ada', 'Byron'], 1)).toMatch(/At least two of them must come together to open what you seal: first ask at least two to confirm a report/);
  });

  it('never shows an empty list, a zero count or "Any 1"', () => {
    for (const names of [[], ['Ada'], ['Ada', 'Byron'], ['Ada', 'Byron', 'Carl']])
      for (const m of [0, 1, 2, 3]) expect(keySplitWords(names, m)).not.toMatch(/\(\)|\b0 Emergency|Any [01] |Any 1 of/);
  });
});

describe('what sealing promises', () => {
  it('says what holds before the kits are given and what holds after', () => {
    expect(SEAL_PROMISE.before).toMatch(/nobody at Heirloom can read what you seal, not even Heirloom's staff/);
    expect(SEAL_PROMISE.after).toMatch(/Heirloom keeps the key .* the people who run Heirloom could read it too/);
    expect(sealedUntilKits('it')).toBe("Nobody at Heirloom can read it, not even Heirloom's staff, until enough of your trustees give their kits after your passing; from then on, Heirloom keeps the key.");
  });

  it('says that re-keying does not reach a capsule already downloaded', () => {
    expect(RESEAL_WORDS).toMatch(/a capsule downloaded before still opens with the old kits/);
    expect(RESEAL_WORDS).not.toMatch(/will open nothing/);
  });

  it('names who holds a capsule of an older seal', () => {
    const date = (iso: string) => iso.slice(0, 10);
    expect(olderCapsulesWords([], date)).toBeNull();
    expect(olderCapsulesWords([{ name: 'Ada', madeAt: '2026-11-20T10:00:00Z', you: false }], date)).toBe(
      'A Legacy Capsule of an older seal was downloaded by Ada (2026-11-20). It still opens with the old kits. Ask for it and any copies to be deleted, and send the new capsule instead.',
    );
    expect(olderCapsulesWords([{ name: 'Owner', madeAt: '2026-11-21T10:00:00Z', you: true }], date)).toBe(
      'A Legacy Capsule of an older seal was downloaded by you (2026-11-21). It still opens with the old kits. Delete it, and any copy you gave, and send the new capsule instead.',
    );
    expect(
      olderCapsulesWords(
        [
          { name: 'Owner', madeAt: '2026-11-21T10:00:00Z', you: true },
          { name: 'Ada', madeAt: '2026-11-20T10:00:00Z', you: false },
        ],
        date,
      ),
    ).toBe('Legacy Capsules of an older seal were downloaded by you (2026-11-21) and Ada (2026-11-20). They still open with the old kits. Ask for them and any copies to be deleted, and send the new capsule instead.');
  });

  it('tells a kit holder that a capsule exists and who has it', () => {
    const words = kitCapsuleWords('share', 'Margaret', ['Ada', 'Byron', 'Carl'], 'https://heirloom.example/trustee');
    expect(words).toMatch(/^A Legacy Capsule goes with this kit/);
    expect(words).toMatch(/Margaret gives a copy to each trustee \(Ada, Byron and Carl\), and each of you can download it at https:\/\/heirloom\.example\/trustee/);
    expect(words).toMatch(/README\.txt/);
    expect(kitCapsuleWords('owner', 'Margaret', ['Ada', 'Byron'], 'x')).toMatch(/give a copy to each trustee \(Ada and Byron\)/);
  });

  it('joins names as a sentence does', () => {
    expect([[], ['A'], ['A', 'B'], ['A', 'B', 'C']].map(namesInWords)).toEqual(['', 'A', 'A and B', 'A, B and C']);
  });
});
