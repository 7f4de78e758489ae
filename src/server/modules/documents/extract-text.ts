import { setImmediate as nextTurn } from 'node:timers/promises';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import yauzl from 'yauzl';
import { SNIPPET_START, SNIPPET_STOP } from '../../../core/documents.schemas.ts';
import { DOCX_MIME } from './document-content.ts';

/** At most this much of a document's text is kept for search (ADR 0035). */
export const DOCUMENT_TEXT_MAX_CHARS = 200_000;
/** A DOCX whose parts unpack to more than this is not read (a zip bomb, or not worth indexing). */
const DOCX_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
/** PDF pages read at most (the text cap usually stops earlier). */
const PDF_MAX_PAGES = 2000;

/**
 * Text for the index: control characters and the snippet markers removed, whitespace folded,
 * capped. The markers must never come from a file, or a document could fake a highlight.
 */
export function cleanDocumentText(raw: string): string {
  return (
    raw
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')
      .replaceAll(SNIPPET_START, ' ')
      .replaceAll(SNIPPET_STOP, ' ')
      .replace(/[ \t\f\v\r]+/g, ' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim()
      .slice(0, DOCUMENT_TEXT_MAX_CHARS)
  );
}

/**
 * Reads a PDF page by page, giving the event loop a turn between pages, and stops once the cap is
 * reached. Scripting is off (isEvalSupported: false): a PDF is hostile input.
 */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, disableFontFace: true, stopAtErrors: false, verbosity: 0 });
  try {
    let text = '';
    const pages = Math.min(pdf.numPages, PDF_MAX_PAGES);
    for (let n = 1; n <= pages && text.length < DOCUMENT_TEXT_MAX_CHARS; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('') + '\n';
      page.cleanup();
      await nextTurn();
    }
    return text;
  } finally {
    await pdf.destroy();
  }
}

/** The total unpacked size a zip's directory declares. */
function declaredUnpackedSize(bytes: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      let total = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        zip.readEntry();
      });
      zip.on('end', () => resolve(total));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function docxText(bytes: Buffer): Promise<string> {
  if ((await declaredUnpackedSize(bytes)) > DOCX_MAX_UNPACKED_BYTES) return '';
  const { value } = await mammoth.extractRawText({ buffer: bytes });
  return value;
}

/**
 * The searchable text of a document file: PDF (unpdf) and DOCX (mammoth); DOC and anything else
 * give ''. A file that cannot be read (corrupt, encrypted, password-protected) also gives '': the
 * document stays, searchable by its title. Never logs the text or the reason.
 */
export async function extractDocumentText(bytes: Buffer, mimeType: string): Promise<string> {
  try {
    if (mimeType === 'application/pdf') return cleanDocumentText(await pdfText(bytes));
    if (mimeType === DOCX_MIME) return cleanDocumentText(await docxText(bytes));
    return '';
  } catch {
    return '';
  }
}
