/**
 * An estate's seal (ADR 0098): one age X25519 key, made in the owner's browser and split with
 * Shamir's scheme into one share per trustee, any M of them opening it. Only the public recipient
 * (`age1…`), the seal's tag and each share's fingerprint ever reach the server.
 */
import { bech32 } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { identityToRecipient } from 'age-encryption';
import { combine, split } from 'shamir-secret-sharing';
import { bytesToHex, encodeKit, equalBytes, KEY_BYTES, kitCheckGroup, type Kit } from './kit-codec.ts';

/** Fewer would let one person open the seal alone. */
export const SEAL_MIN_SHARES = 2;
export const SEAL_MAX_SHARES = 20;

export interface MadeSeal {
  recipient: string;
  sealTag: string;
  threshold: number;
  /** `AGE-SECRET-KEY-1…`: held in memory, printed on the Owner Kit, never sent. */
  identity: string;
  ownerKit: string;
  shares: { index: number; words: string; fingerprint: string; checkGroup: string }[];
}

const identityOf = (key: Uint8Array): string => bech32.encodeFromBytes('AGE-SECRET-KEY-', key).toUpperCase();

/**
 * X25519 ignores five bits of a key (RFC 7748 clamping), so two keys differing only there share one
 * recipient. The seal's key is made clamped and a combined key must be clamped, so a share changed
 * in those bits is refused instead of yielding a look-alike key.
 */
const clamp = (key: Uint8Array): Uint8Array => {
  const out = key.slice();
  out[0] = out[0]! & 248;
  out[31] = (out[31]! & 127) | 64;
  return out;
};

/** What the server keeps to recognise a share: SHA-256 of a fixed label and the share's bytes, as hex. */
export function shareFingerprint(share: Uint8Array): string {
  const label = new TextEncoder().encode('heirloom seal share v1\n');
  const input = new Uint8Array(label.length + share.length);
  input.set(label);
  input.set(share, label.length);
  return bytesToHex(sha256(input));
}

export async function makeSeal(threshold: number, count: number): Promise<MadeSeal> {
  if (!Number.isInteger(count) || count < SEAL_MIN_SHARES || count > SEAL_MAX_SHARES) throw new RangeError('a seal has 2 to 20 shares');
  if (!Number.isInteger(threshold) || threshold < SEAL_MIN_SHARES || threshold > count) throw new RangeError('a seal opens with 2 to N shares');
  const key = clamp(crypto.getRandomValues(new Uint8Array(KEY_BYTES)));
  const sealTag = bytesToHex(crypto.getRandomValues(new Uint8Array(4)));
  const identity = identityOf(key);
  const parts = await split(key, count, threshold);
  const shares = parts.map((secret, i) => {
    const words = encodeKit({ kind: 'share', sealTag, threshold, count, index: i + 1, secret });
    return { index: i + 1, words, fingerprint: shareFingerprint(secret), checkGroup: kitCheckGroup(words) };
  });
  return {
    recipient: await identityToRecipient(identity),
    sealTag,
    threshold,
    identity,
    ownerKit: encodeKit({ kind: 'owner', sealTag, threshold: 0, count: 0, index: 0, secret: key }),
    shares,
  };
}

export type OpenProblem = 'another-seal' | 'too-few' | 'same-share' | 'wrong-key';
export class OpenSealError extends Error {
  constructor(readonly problem: OpenProblem) {
    super(`seal not opened: ${problem}`);
  }
}

/**
 * The seal's identity from the Owner Kit, or from at least M trustees' kits of this seal. The result
 * is checked against the seal's public recipient, so a share changed on purpose (whose checksum was
 * made to match) is refused rather than yielding a wrong key.
 */
export async function openSeal(kits: Kit[], seal: { sealTag: string; recipient: string }): Promise<string> {
  if (kits.some((kit) => kit.sealTag !== seal.sealTag)) throw new OpenSealError('another-seal');
  const owner = kits.find((kit) => kit.kind === 'owner');
  let key: Uint8Array;
  if (owner) {
    key = owner.secret;
  } else {
    const threshold = kits[0]?.threshold ?? SEAL_MIN_SHARES;
    const distinct = new Map(kits.map((kit) => [kit.secret[KEY_BYTES], kit.secret]));
    if (distinct.size < kits.length) {
      const same = kits.some((a, i) => kits.some((b, j) => j > i && equalBytes(a.secret, b.secret)));
      throw new OpenSealError(same ? 'same-share' : 'wrong-key');
    }
    if (kits.length < Math.max(threshold, SEAL_MIN_SHARES)) throw new OpenSealError('too-few');
    key = await combine([...distinct.values()]);
  }
  const identity = identityOf(key);
  if (!equalBytes(clamp(key), key) || (await identityToRecipient(identity)) !== seal.recipient) throw new OpenSealError('wrong-key');
  return identity;
}
