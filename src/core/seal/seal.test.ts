import fc from 'fast-check';
import { combine } from 'shamir-secret-sharing';
import { describe, expect, it } from 'vitest';
import { decodeKit, encodeKit, fromBase32, KitError, toBase32, type Kit } from './kit-codec.ts';
import { makeSeal, openSeal, OpenSealError } from './seal-keys.ts';
import { openBytes, openText, sealBytes, sealText } from './sealed-content.ts';

const RUNS = { numRuns: 25 };

/** N in 2..6, M in 2..N, and a shuffled order of the shares. */
const sealShape = fc
  .integer({ min: 2, max: 6 })
  .chain((count) => fc.tuple(fc.constant(count), fc.integer({ min: 2, max: count }), fc.shuffledSubarray([...Array(count).keys()], { minLength: count, maxLength: count })));

const kitsOf = (words: string[]): Kit[] => words.map((w) => decodeKit(w));

describe('the seal (property tests)', () => {
  it('any M of the N trustees’ kits open it, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(sealShape, fc.integer({ min: 0, max: 6 }), async ([count, threshold, order], extra) => {
        const seal = await makeSeal(threshold, count);
        const chosen = order.slice(0, Math.min(count, threshold + (extra % (count - threshold + 1))));
        const identity = await openSeal(kitsOf(chosen.map((i) => seal.shares[i]!.words)), seal);
        expect(identity).toBe(seal.identity);
      }),
      RUNS,
    );
  });

  it('M − 1 kits do not: refused by count, and their combination is not the key', async () => {
    await fc.assert(
      fc.asyncProperty(sealShape, async ([count, threshold, order]) => {
        const seal = await makeSeal(threshold, count);
        const few = kitsOf(order.slice(0, threshold - 1).map((i) => seal.shares[i]!.words));
        await expect(openSeal(few, seal)).rejects.toMatchObject({ problem: 'too-few' });
        const key = decodeKit(seal.ownerKit).secret;
        if (few.length >= 2) {
          expect(Buffer.from(await combine(few.map((k) => k.secret))).equals(Buffer.from(key))).toBe(false);
        } else {
          expect(Buffer.from(few[0]!.secret).includes(Buffer.from(key))).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('a changed character in a kit is caught by its checksum; a changed share with a forged checksum opens nothing', async () => {
    const seal = await makeSeal(2, 3);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 }), fc.nat(), fc.integer({ min: 1, max: 255 }), async (which, at, flip) => {
        const words = seal.shares[which]!.words.replace(/ /g, '');
        const position = at % words.length;
        const changed = words.slice(0, position) + (words[position] === 'A' ? 'B' : 'A') + words.slice(position + 1);
        expect(() => decodeKit(changed)).toThrow(KitError);
        // an attacker re-encodes a tampered share with a valid checksum
        const kit = decodeKit(seal.shares[which]!.words);
        const secret = kit.secret.slice();
        const byte = at % 32;
        secret[byte] = secret[byte]! ^ flip;
        const forged = decodeKit(encodeKit({ ...kit, secret }));
        const other = decodeKit(seal.shares[(which + 1) % 3]!.words);
        await expect(openSeal([forged, other], seal)).rejects.toBeInstanceOf(OpenSealError);
      }),
      RUNS,
    );
  });

  it('every other character in a kit’s last place is a mistyped kit, though that character also carries padding bits', async () => {
    const seal = await makeSeal(2, 3);
    for (const kit of [...seal.shares.map((share) => share.words), seal.ownerKit]) {
      const words = kit.replace(/ /g, '');
      for (const other of '0123456789ABCDEFGHJKMNPQRSTVWXYZ'.replace(words.at(-1)!, '')) {
        expect(() => decodeKit(words.slice(0, -1) + other), `${words.at(-1)} → ${other}`).toThrow(new KitError('mistyped'));
      }
    }
  });

  it('a changed byte in sealed content is refused', async () => {
    const seal = await makeSeal(2, 2);
    const sealed = await sealBytes(seal.recipient, new TextEncoder().encode('the letter to Emily'));
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.integer({ min: 1, max: 255 }), async (at, flip) => {
        const changed = sealed.slice();
        const i = at % changed.length;
        changed[i] = changed[i]! ^ flip;
        await expect(openBytes(seal.identity, changed)).rejects.toThrow();
      }),
      RUNS,
    );
  });
});

describe('kits and sealed content', () => {
  it('base32 round-trips any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(fromBase32(toBase32(bytes))).toEqual(bytes);
      }),
    );
  });

  it('reads a kit typed in lower case, with dashes, O for 0 and I or L for 1', async () => {
    const seal = await makeSeal(2, 3);
    const words = seal.shares[1]!.words;
    const sloppy = words.toLowerCase().replace(/ /g, '-').replace(/0/g, 'o').replace(/1/g, 'l');
    expect(decodeKit(sloppy)).toEqual(decodeKit(words));
    expect(decodeKit(words)).toMatchObject({ kind: 'share', index: 2, count: 3, threshold: 2, sealTag: seal.sealTag });
  });

  it('says why a kit was not read', () => {
    const problem = (text: string) => {
      try {
        decodeKit(text);
        return 'read';
      } catch (error) {
        return (error as KitError).problem;
      }
    };
    expect(problem('  ')).toBe('empty');
    expect(problem('ABCD U!!')).toBe('unreadable');
    expect(problem('ABCD EFGH JKMN PQRS TVWX YZ01 2345 6789')).toBe('mistyped');
  });

  it('the Owner Kit opens alone; kits of another seal are refused', async () => {
    const seal = await makeSeal(2, 3);
    expect(await openSeal([decodeKit(seal.ownerKit)], seal)).toBe(seal.identity);
    const other = await makeSeal(2, 3);
    await expect(openSeal(kitsOf([seal.shares[0]!.words, other.shares[1]!.words]), seal)).rejects.toMatchObject({ problem: 'another-seal' });
    await expect(openSeal(kitsOf([seal.shares[0]!.words, seal.shares[0]!.words]), seal)).rejects.toMatchObject({ problem: 'same-share' });
  });

  it('a key changed only in the bits X25519 ignores has the same recipient and is still refused', async () => {
    const seal = await makeSeal(2, 3);
    const owner = decodeKit(seal.ownerKit);
    const secret = owner.secret.slice();
    secret[0] = secret[0]! | 1;
    const lookAlike = decodeKit(encodeKit({ ...owner, secret }));
    await expect(openSeal([lookAlike], seal)).rejects.toMatchObject({ problem: 'wrong-key' });
  });

  it('text sealed to the recipient opens with the identity and not with another', async () => {
    const seal = await makeSeal(2, 2);
    const other = await makeSeal(2, 2);
    const armored = await sealText(seal.recipient, 'Dear Emily — ünïcode ✓');
    expect(armored).toMatch(/^-----BEGIN AGE ENCRYPTED FILE-----/);
    expect(await openText(seal.identity, armored)).toBe('Dear Emily — ünïcode ✓');
    await expect(openText(other.identity, armored)).rejects.toThrow();
  });
});
