/** Recognising an ASCII-armoured age file without loading age itself (schemas use it). */
export const ARMOR_BEGIN = '-----BEGIN AGE ENCRYPTED FILE-----';
export const ARMOR_END = '-----END AGE ENCRYPTED FILE-----';

/** True for text shaped like an armoured age file: its header, base64 lines of 64, its footer. */
export function isArmoredAge(text: string): boolean {
  const lines = text.trim().split(/\r?\n/);
  return lines.length >= 3 && lines[0] === ARMOR_BEGIN && lines.at(-1) === ARMOR_END && lines.slice(1, -1).every((line) => /^[A-Za-z0-9+/]{1,64}={0,2}$/.test(line));
}
