import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../../core/security.schemas.ts';
import { hashPassword } from '../../lib/passwords.ts';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** One code as shown: two groups of five ("k7m2p-x9qrt"); the dash and case are ignored when used. */
function recoveryCode(): string {
  let raw = '';
  for (let i = 0; i < 10; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** Fresh recovery codes and their argon2 hashes (of the normalised code, as verifySecondFactor checks). */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(code.replace(/[^a-z0-9]/g, ''))));
  return { codes, hashes };
}
