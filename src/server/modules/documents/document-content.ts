import { ERROR_CODES } from '../../../core/errors.ts';
import { DOCUMENT_REFUSED_PREFIX, DOCUMENT_TOO_LARGE_MESSAGE } from '../../../core/documents.schemas.ts';
import { AppError } from '../../lib/app-error.ts';
import { describeContent, sniff } from '../../storage/sniff.ts';
import type { Accepted } from '../../storage/stored-files.ts';

export const DOC_MIME = 'application/msword';
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const documentTooLarge = () => new AppError(ERROR_CODES.tooLarge, 413, DOCUMENT_TOO_LARGE_MESSAGE);
const refused = (what: string) => new AppError(ERROR_CODES.unsupportedMedia, 415, `${DOCUMENT_REFUSED_PREFIX} This file is ${what}.`);

/** The name of the main stream of a Word 97–2003 document, as it appears in a compound file's directory. */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/** Finds a byte pattern in a stream of chunks, across chunk boundaries. */
function patternWatcher(pattern: Buffer) {
  let tail = Buffer.alloc(0);
  let found = false;
  return {
    watch(chunk: Buffer) {
      if (found) return;
      const window = Buffer.concat([tail, chunk]);
      if (window.includes(pattern)) found = true;
      else tail = window.subarray(Math.max(0, window.length - pattern.length + 1));
    },
    get found() {
      return found;
    },
  };
}

/**
 * Documents are PDF, DOC or DOCX, judged by content: PDF by its header; DOCX is a zip with a
 * Word part (file-type says docx); DOC is an OLE compound file (file-type says cfb) that must also
 * hold a "WordDocument" stream — so an Excel sheet or an .msi installer renamed .doc is refused.
 */
export async function inspectDocument(head: Buffer): Promise<Accepted> {
  const found = await sniff(head);
  if (found?.ext === 'pdf') return { mimeType: 'application/pdf' };
  if (found?.ext === 'docx') return { mimeType: DOCX_MIME };
  if (found?.ext === 'cfb') {
    const word = patternWatcher(WORD_STREAM);
    return {
      mimeType: DOC_MIME,
      watch: (chunk) => word.watch(chunk),
      verify: () => {
        if (!word.found) throw refused(describeContent(found));
      },
    };
  }
  throw refused(describeContent(found));
}
