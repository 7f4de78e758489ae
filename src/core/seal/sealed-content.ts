/**
 * Sealed content is a plain age file (https://age-encryption.org/v1) to the estate's recipient:
 * bytes for a file, the ASCII-armoured form for text kept in a text column. Encrypting runs in the
 * owner's browser; opening runs wherever the identity is (the owner's browser with the Owner Kit,
 * the server after M trustees' kits, open.html, or `age -d`).
 */
import { armor, Decrypter, Encrypter } from 'age-encryption';


export async function sealBytes(recipient: string, content: Uint8Array): Promise<Uint8Array> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  return encrypter.encrypt(content);
}

export async function sealText(recipient: string, text: string): Promise<string> {
  return armor.encode(await sealBytes(recipient, new TextEncoder().encode(text)));
}

export async function openBytes(identity: string, sealed: Uint8Array): Promise<Uint8Array> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  return decrypter.decrypt(sealed);
}

export async function openText(identity: string, armored: string): Promise<string> {
  return new TextDecoder('utf-8', { fatal: true }).decode(await openBytes(identity, armor.decode(armored)));
}
