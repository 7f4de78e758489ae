/**
 * Names inside the archive and of downloads: readable ("1994-06-12 Our wedding/01 first dance.mp4"),
 * safe on every system the archive may be unpacked on (no path separators, no characters Windows
 * refuses, no "." or ".." segments, no reserved device names, bounded length), never starting as a
 * spreadsheet formula would (=, +, -, @: a listing pasted into a sheet runs nothing), and unique
 * (case-insensitively, as on macOS and Windows) within the archive.
 */
const MAX_SEGMENT = 80;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/** One path segment made safe (never empty). */
export function safeSegment(name: string, fallback = 'untitled'): string {
  let cleaned = name.normalize('NFC').replace(UNSAFE, '_').replace(/\s+/g, ' ').trim();
  cleaned = cleaned.replace(/^[.\s=+\-@]+|[.\s]+$/g, '');
  if (RESERVED.test(cleaned)) cleaned = `_${cleaned}`;
  if (cleaned.length > MAX_SEGMENT) {
    const dot = cleaned.lastIndexOf('.');
    const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
    cleaned = cleaned.slice(0, MAX_SEGMENT - ext.length).trimEnd() + ext;
  }
  return cleaned || fallback;
}

/** Splits "name.ext" for numbering duplicates before the extension. */
function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 && name.length - dot <= 10 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

/** Hands out unique paths: a second "photo.jpg" in the same folder becomes "photo (2).jpg". */
export class UniquePaths {
  private readonly taken = new Set<string>();

  /** `segments` are raw names; each is made safe, the last is numbered when the path is taken. */
  claim(segments: string[]): string {
    const safe = segments.map((s) => safeSegment(s));
    const folder = safe.slice(0, -1).join('/');
    const [base, ext] = splitExtension(safe.at(-1) ?? 'untitled');
    for (let n = 1; ; n++) {
      const leaf = n === 1 ? `${base}${ext}` : `${base} (${n})${ext}`;
      const path = folder ? `${folder}/${leaf}` : leaf;
      if (!this.taken.has(path.toLowerCase())) {
        this.taken.add(path.toLowerCase());
        return path;
      }
    }
  }

  /** A unique folder name under `parent` (claimed as a path, so two folders never merge). */
  folder(parent: string, name: string): string {
    return this.claim([parent, name]);
  }
}
