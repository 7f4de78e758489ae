import { ERROR_CODES } from '../../core/errors.ts';
import { AppError } from '../lib/app-error.ts';
import { describeContent, sniff } from '../storage/sniff.ts';
import type { Accepted } from '../storage/stored-files.ts';

/** Proof of a death or incapacity: a scan or a PDF, judged by content, at most 10 MB each. */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
const PROOF_TYPES: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' };
const REFUSED = 'Proof documents must be PDF, JPG or PNG files up to 10 MB.';

export const proofTooLarge = () => new AppError(ERROR_CODES.tooLarge, 413, `${REFUSED} This file is larger than 10 MB.`);

export async function inspectProof(head: Buffer): Promise<Accepted> {
  const found = await sniff(head);
  const mimeType = found ? PROOF_TYPES[found.ext] : undefined;
  if (mimeType) return { mimeType };
  throw new AppError(ERROR_CODES.unsupportedMedia, 415, `${REFUSED} This file is ${describeContent(found)}.`);
}
