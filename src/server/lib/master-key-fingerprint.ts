import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ConfigError } from '../config.ts';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/files.ts';
import { systemSettings } from '../db/schema/system.ts';
import { open } from './crypto.ts';

/** The system_settings row that names the master key the database was set up with (ADR 0083). */
export const MASTER_KEY_FINGERPRINT_KEY = 'master_key_fingerprint';

/**
 * Names a master key without revealing anything about it: HMAC-SHA256 keyed with the key over a
 * fixed label, the first 16 bytes in hex. Safe to print, log and put in a backup.
 */
export function masterKeyFingerprint(masterKey: Buffer): string {
  return createHmac('sha256', masterKey).update('heirloom master key fingerprint v1').digest('hex').slice(0, 32);
}

export async function storedMasterKeyFingerprint(db: Db): Promise<string | null> {
  const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, MASTER_KEY_FINGERPRINT_KEY));
  const value = row?.value as { fingerprint?: unknown } | undefined;
  return typeof value?.fingerprint === 'string' ? value.fingerprint : null;
}

/**
 * At the first start the key's fingerprint is stored; at every later start a key with another
 * fingerprint is refused (a wrong key would start and then fail on every file and secret).
 * A database from before the fingerprint that already holds files takes the key only if it opens
 * one of them. `keyName` says where the key came from, for the refusal.
 */
export async function checkMasterKey(db: Db, masterKey: Buffer, keyName: string): Promise<void> {
  const fingerprint = masterKeyFingerprint(masterKey);
  let stored = await storedMasterKeyFingerprint(db);
  if (stored === null) {
    const [file] = await db.select({ wrappedKey: files.wrappedKey }).from(files).limit(1);
    if (file && !opens(masterKey, file.wrappedKey)) {
      throw new ConfigError(`${keyName} cannot open the files this database already holds. Use the original key.`);
    }
    // Two instances starting together: the first insert wins and the other compares against it.
    await db.insert(systemSettings).values({ key: MASTER_KEY_FINGERPRINT_KEY, value: { fingerprint }, updatedAt: new Date() }).onConflictDoNothing();
    stored = await storedMasterKeyFingerprint(db);
  }
  if (stored !== fingerprint) {
    throw new ConfigError(
      `${keyName} does not match the key this database was set up with (fingerprint ${stored}; this key's is ${fingerprint}). Use the original key.`,
    );
  }
}

function opens(masterKey: Buffer, wrapped: string): boolean {
  try {
    open(masterKey, Buffer.from(wrapped, 'base64'));
    return true;
  } catch {
    return false;
  }
}
