import { fileTypeFromBuffer } from 'file-type';

export interface Sniffed {
  ext: string;
  mime: string;
}

/** What a file really is, from its first bytes (file-type); undefined for text and unknown formats. */
export async function sniff(head: Buffer): Promise<Sniffed | undefined> {
  if (!head.length) return undefined;
  const found = await fileTypeFromBuffer(head);
  return found ? { ext: found.ext, mime: found.mime } : undefined;
}

const PROGRAMS = new Set(['exe', 'elf', 'mach', 'dmg', 'deb', 'rpm', 'msi', 'apk', 'class', 'wasm', 'dex', 'cab']);
const ARCHIVES = new Set(['zip', 'rar', '7z', 'gz', 'bz2', 'xz', 'tar', 'zst', 'lz', 'cpio', 'ar']);

/** A person's words for what a file is ("a Windows program", "a PDF document"), for refusal messages. */
export function describeContent(found: Sniffed | undefined): string {
  if (!found) return 'a file type we could not recognise (such as plain text or a web page)';
  if (found.ext === 'exe' || found.mime === 'application/x-msdownload') return 'a Windows program';
  if (PROGRAMS.has(found.ext)) return 'a program or installer';
  if (found.ext === 'pdf') return 'a PDF document';
  if (ARCHIVES.has(found.ext)) return 'a compressed archive';
  if (found.ext === 'cfb') return 'a Microsoft Office file that is not a Word document';
  if (found.ext === 'xlsx' || found.ext === 'pptx') return `an ${found.ext.toUpperCase()} file`;
  if (found.mime.startsWith('image/')) return 'an image';
  if (found.mime.startsWith('video/')) return 'a video';
  if (found.mime.startsWith('audio/')) return 'an audio file';
  return `a ${found.ext.toUpperCase()} file`;
}
