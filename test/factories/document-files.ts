import PDFDocument from 'pdfkit';

/**
 * A real PDF made with pdfkit (compressed content streams, as word processors write them): a
 * heading, then paragraphs. `userPassword` encrypts it, as a password-protected PDF is.
 */
export function makeTextPdf(heading: string, paragraphs: string[], options: { userPassword?: string; pages?: number } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options.userPassword ? { userPassword: options.userPassword, pdfVersion: '1.7' } : {});
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let page = 0; page < (options.pages ?? 1); page++) {
      if (page > 0) doc.addPage();
      doc.fontSize(20).text(heading);
      doc.fontSize(11);
      for (const paragraph of paragraphs) doc.moveDown().text(paragraph);
    }
    doc.end();
  });
}

/** Bytes that start like a PDF and then are not one (a truncated download, a damaged scan). */
export function makeCorruptPdf(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R', 'latin1'), Buffer.alloc(3000, 0x41)]);
}
