/**
 * The Legacy Capsule's manifest (docs/sealed-release.md, "The capsule"): what open.html and a person
 * with the age tool read. Plain data, written by the server and read in the browser.
 */
export const CAPSULE_FORMAT = 'heirloom-capsule/1';
export const MANIFEST_PATH = 'manifest.json';
/** The Python program inside the capsule that puts kits together into its key (ADR 0112). */
export const COMBINER_PATH = 'combine-kits.py';

export interface CapsuleItem {
  /** the age file inside the capsule, e.g. items/01-For Byron.txt.age */
  path: string;
  kind: 'letter' | 'memory' | 'document' | 'digital-asset';
  title: string;
  /** who it was left to (a letter's reader), or null for the whole family */
  for: string | null;
  /** the name to save it under once opened */
  fileName: string;
  /** SHA-256 of the age file's bytes, hex */
  sha256: string;
  size: number;
}

export interface CapsuleManifest {
  format: typeof CAPSULE_FORMAT;
  ownerName: string;
  /** the Heirloom address it came from */
  instance: string;
  madeAt: string;
  seal: { recipient: string; sealTag: string; threshold: number; shareCount: number; madeAt: string };
  items: CapsuleItem[];
}
