import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
/** One-shot crypto.hash: no Hash object per call (this runs on every signed-in request). */
export const sha256 = (value: string | Buffer): string => hash('sha256', value, 'hex');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
