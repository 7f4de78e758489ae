import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What `seal` uses (storage/envelope.ts seals file segments the same way without the extra copies). */
export const SEAL_ALGORITHM = 'aes-256-gcm';
export const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: returns iv | tag | ciphertext. */
export function seal(key: Buffer, plaintext: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(SEAL_ALGORITHM, key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
}

export function open(key: Buffer, sealed: Buffer): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const iv = sealed.subarray(0, IV_BYTES);
  const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv(SEAL_ALGORITHM, key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** Encrypts small strings (secrets, TOTP seeds) under the master key; base64 text for a text column. */
export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(sealed: string): string;
  /** Wrap / unwrap a per-file data key (envelope encryption). */
  wrapKey(dataKey: Buffer): string;
  unwrapKey(wrapped: string): Buffer;
  /** An unforgeable tag of a short text (HMAC-SHA256 with a key derived from the master key), base64url. */
  sign(text: string): string;
}

export function createSecretBox(masterKey: Buffer): SecretBox {
  if (masterKey.length !== 32) throw new Error('master key must be 32 bytes');
  // A separate key for signatures, so a tag can never be mistaken for (or help attack) a sealed value.
  const signingKey = createHmac('sha256', masterKey).update('heirloom/signing-key/v1').digest();
  return {
    encrypt: (plaintext) => seal(masterKey, Buffer.from(plaintext, 'utf8')).toString('base64'),
    decrypt: (sealed) => open(masterKey, Buffer.from(sealed, 'base64')).toString('utf8'),
    wrapKey: (dataKey) => seal(masterKey, dataKey).toString('base64'),
    unwrapKey: (wrapped) => open(masterKey, Buffer.from(wrapped, 'base64')),
    sign: (text) => createHmac('sha256', signingKey).update(text).digest('base64url'),
  };
}

/**
 * The master key comes from config (MASTER_KEY, base64 of 32 bytes). In local mode, when absent,
 * it is generated once into `<dataDir>/master.key` (mode 0600) and read from there afterwards.
 * It is never logged.
 */
export function loadMasterKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new Error('MASTER_KEY must be 32 bytes, base64-encoded');
    return key;
  }
  const file = path.join(dataDir, 'master.key');
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}
