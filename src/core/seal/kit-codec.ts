/**
 * The words on an Emergency Kit (docs/sealed-release.md, "Kit format"). A kit is a few bytes written
 * in Crockford's base32 (no I, L, O or U; typing them is forgiven), in groups of four, ending in a
 * checksum so a mistyped kit is recognised before anything is sent.
 *
 *   byte 0      format version (1)
 *   byte 1      kind: 1 = a trustee's share, 2 = the owner's whole key
 *   bytes 2–5   the seal's tag (which seal, and which generation of it, the kit belongs to)
 *   byte 6      M: how many shares open the seal (owner kit: 0)
 *   byte 7      N: how many shares were made (owner kit: 0)
 *   byte 8      k: this share's number, 1..N (owner kit: 0)
 *   then        the share (33 bytes: 32 of the key's polynomial values and its x coordinate)
 *               or, for the owner, the 32-byte X25519 key
 *   last 4      the first 4 bytes of SHA-256 over everything before them
 */
import { sha256 } from '@noble/hashes/sha2.js';

export const KIT_VERSION = 1;
export const KIT_KINDS = { share: 1, owner: 2 } as const;
export type KitKind = keyof typeof KIT_KINDS;
export const SEAL_TAG_BYTES = 4;
export const KEY_BYTES = 32;
export const SHARE_BYTES = KEY_BYTES + 1;
const HEADER_BYTES = 9;
const CHECKSUM_BYTES = 4;
const GROUP = 4;

export interface Kit {
  kind: KitKind;
  /** hex, 8 characters */
  sealTag: string;
  threshold: number;
  count: number;
  index: number;
  /** the share (33 bytes) or the owner's key (32 bytes) */
  secret: Uint8Array;
}

/** Why a kit's words were not read; each has its plain sentence in kit-words.ts. */
export type KitProblem = 'empty' | 'unreadable' | 'mistyped' | 'unknown-version';
export class KitError extends Error {
  constructor(readonly problem: KitProblem) {
    super(`kit ${problem}`);
  }
}

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const DECODE: Record<string, number> = Object.fromEntries([...ALPHABET].map((c, i) => [c, i]));
Object.assign(DECODE, { I: 1, L: 1, O: 0 });

export function toBase32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** Base32 as typed, without the spaces, dashes and line breaks, in capitals. */
const cleanBase32 = (text: string) => text.toUpperCase().replace(/[\s-]/g, '');

/** Reads base32 that may carry spaces, dashes, line breaks and lower case; null if a character is not base32. */
export function fromBase32(text: string): Uint8Array | null {
  const clean = cleanBase32(text);
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = DECODE[char];
    if (value === undefined) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Uint8Array.from(out);
}

/** Groups of four from the end, so the last group is whole: it is what a trustee types back. */
export function groupWords(text: string): string {
  const head = text.length % GROUP;
  const groups = head ? [text.slice(0, head)] : [];
  for (let i = head; i < text.length; i += GROUP) groups.push(text.slice(i, i + GROUP));
  return groups.join(' ');
}

export function encodeKit(kit: Kit): string {
  const expected = kit.kind === 'share' ? SHARE_BYTES : KEY_BYTES;
  if (kit.secret.length !== expected) throw new Error(`a ${kit.kind} kit carries ${expected} bytes`);
  const tag = hexToBytes(kit.sealTag);
  if (tag.length !== SEAL_TAG_BYTES) throw new Error('a seal tag is 4 bytes');
  const body = new Uint8Array(HEADER_BYTES + kit.secret.length);
  body.set([KIT_VERSION, KIT_KINDS[kit.kind]], 0);
  body.set(tag, 2);
  body.set([kit.threshold, kit.count, kit.index], 6);
  body.set(kit.secret, HEADER_BYTES);
  const whole = new Uint8Array(body.length + CHECKSUM_BYTES);
  whole.set(body);
  whole.set(sha256(body).subarray(0, CHECKSUM_BYTES), body.length);
  return groupWords(toBase32(whole));
}

export function decodeKit(text: string): Kit {
  if (!text.trim()) throw new KitError('empty');
  const bytes = fromBase32(text);
  if (!bytes || bytes.length < HEADER_BYTES + CHECKSUM_BYTES) throw new KitError('unreadable');
  // The last character also carries the few bits past the last byte, which toBase32 writes as 0: a
  // typo there that changes only them would read as the right kit, so it is a mistyped one too.
  const clean = cleanBase32(text);
  const padding = (clean.length * 5) % 8;
  if (padding && (DECODE[clean.at(-1)!]! & ((1 << padding) - 1)) !== 0) throw new KitError('mistyped');
  const body = bytes.subarray(0, bytes.length - CHECKSUM_BYTES);
  const checksum = bytes.subarray(bytes.length - CHECKSUM_BYTES);
  if (!equalBytes(sha256(body).subarray(0, CHECKSUM_BYTES), checksum)) throw new KitError('mistyped');
  if (body[0] !== KIT_VERSION) throw new KitError('unknown-version');
  const kind = body[1] === KIT_KINDS.share ? 'share' : body[1] === KIT_KINDS.owner ? 'owner' : null;
  const secret = body.slice(HEADER_BYTES);
  if (!kind || secret.length !== (kind === 'share' ? SHARE_BYTES : KEY_BYTES)) throw new KitError('unreadable');
  return { kind, sealTag: bytesToHex(body.subarray(2, 6)), threshold: body[6]!, count: body[7]!, index: body[8]!, secret };
}

/** The last four characters of a kit: what a trustee types back to say "I have stored my kit". */
export const kitCheckGroup = (words: string): string => words.replace(/[\s-]/g, '').slice(-GROUP).toUpperCase();

export function bytesToHex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('not hex');
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
