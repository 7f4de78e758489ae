/** Recognising an ASCII-armoured age file without loading age itself (schemas use it). */
export const ARMOR_BEGIN = '-----BEGIN AGE ENCRYPTED FILE-----';
export const ARMOR_END = '-----END AGE ENCRYPTED FILE-----';

/** True for text shaped like an armoured age file: its header, base64 lines of 64, its footer. */
export function isArmoredAge(text: string): boolean {
  const lines = text.trim().split(/\r?\n/);
  return lines.length >= 3 && lines[0] === ARMOR_BEGIN && lines.at(-1) === ARMOR_END && lines.slice(1, -1).every((line) => /^[A-Za-z0-9+/]{1,64}={0,2}$/.test(line));
}

/** How every binary age file begins (age-encryption.org/v1): a sealed document is stored as one. */
export const AGE_BINARY_HEADER = 'age-encryption.org/v1\n';
/** What sealing adds to a file: its header (~200 bytes per recipient) and 16 bytes per 64 KiB chunk. */
export const AGE_OVERHEAD_MAX = 64 * 1024;

/**
 * The type of a sealed file, from the name the owner's browser gave it ("Will.pdf.age", "Beach.jpg.age"):
 * the server cannot look inside. null for a name it does not know.
 */
export function sealedFileType(fileName: string): string | null {
  const ext = /\.([a-z0-9]+)(\.age)?$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  return (ext && SEALED_TYPES[ext]) || null;
}
const SEALED_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
};
