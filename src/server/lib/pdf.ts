import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

const INK = '#1c1917';
const MUTED = '#57534e';
const ACCENT = '#0f766e';

/** Render a printable A4/Letter-neutral page set with the given content, as one Buffer. */
export function renderPdf(title: string, draw: (doc: Pdf) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: title, Creator: 'Heirloom' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

export function heading(doc: Pdf, title: string, subtitle: string): void {
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(20).text(title);
  doc.moveDown(0.3).fillColor(MUTED).font('Helvetica').fontSize(10).text(subtitle);
  doc.moveDown(1);
}

export function section(doc: Pdf, title: string, note?: string): void {
  if (doc.y > doc.page.height - 160) doc.addPage();
  doc.moveDown(0.6).fillColor(INK).font('Helvetica-Bold').fontSize(13).text(title);
  if (note) doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(note);
  doc.moveDown(0.3);
}

/** A line with a box: ticked when done. */
export function checkItem(doc: Pdf, text: string, done: boolean): void {
  const x = doc.page.margins.left;
  const y = doc.y + 1;
  doc.lineWidth(0.8).strokeColor(MUTED).rect(x, y, 9, 9).stroke();
  if (done) {
    doc.strokeColor(ACCENT).lineWidth(1.4).moveTo(x + 2, y + 4.5).lineTo(x + 4, y + 7).lineTo(x + 8, y + 1.5).stroke();
  }
  doc.fillColor(INK).font('Helvetica').fontSize(11).text(text, x + 16, doc.y, { width: doc.page.width - x - doc.page.margins.right - 16 });
  doc.x = x;
  doc.moveDown(0.25);
}

export function paragraph(doc: Pdf, text: string): void {
  doc.fillColor(INK).font('Helvetica').fontSize(11).text(text);
  doc.moveDown(0.3);
}

/** Blank ruled lines to write on. */
export function blankLines(doc: Pdf, count: number): void {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  for (let i = 0; i < count; i++) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 24) doc.addPage();
    doc.moveDown(1.1);
    doc.lineWidth(0.5).strokeColor('#d6d3d1').moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  }
  doc.moveDown(0.6);
}

export function footer(doc: Pdf, text: string): void {
  doc.moveDown(1.2).fillColor(MUTED).font('Helvetica-Oblique').fontSize(9).text(text);
}

/** "Margaret Ellis" → "margaret-ellis" for file names (ASCII only; never empty). */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
  return slug || 'client';
}
