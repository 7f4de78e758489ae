import zlib from 'node:zlib';
import sharp from 'sharp';
import type { Deps } from '../../src/server/context.ts';
import { commitFiles, storeBuffer, type FileRow } from '../../src/server/storage/stored-files.ts';

/** What the factories need to store files: the app's database, file store, master key and clock. */
export type VaultDeps = Pick<Deps, 'db' | 'files' | 'secrets' | 'clock'>;

/** Stores bytes as a committed file of an estate (encrypted, like an upload). */
export async function insertStoredFile(
  deps: VaultDeps,
  estateId: string,
  input: { bytes: Buffer; mimeType: string; name: string; uploadedBy?: string | null },
): Promise<FileRow> {
  const row = await storeBuffer(deps, { estateId, uploadedBy: input.uploadedBy ?? null, originalName: input.name, mimeType: input.mimeType, bytes: input.bytes });
  await commitFiles(deps.db, [row.id]);
  return { ...row, status: 'committed' };
}

// ---- Real sample content, made here (there is no internet) ----------------------------------------

/** A one-page PDF with a heading and lines of text (Helvetica; ASCII text). */
export function makePdf(title: string, lines: string[] = []): Buffer {
  const esc = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const body = [
    'BT',
    '/F1 20 Tf',
    '72 720 Td',
    `(${esc(title)}) Tj`,
    '/F1 11 Tf',
    '16 TL',
    '0 -14 Td',
    ...lines.map((line) => `T* (${esc(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(body)} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A zip archive of stored (uncompressed) entries. */
export function makeZip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = zlib.crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

/** A minimal Word (.docx) document with paragraphs of text. */
export function makeDocx(paragraphs: string[]): Buffer {
  const xmlEsc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const doc = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs
    .map((p) => `<w:p><w:r><w:t>${xmlEsc(p)}</w:t></w:r></w:p>`)
    .join('')}</w:body></w:document>`;
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    { name: 'word/document.xml', data: Buffer.from(doc) },
  ]);
}

/**
 * An OLE compound file (the container of .doc, .xls, .msi). With `stream: 'WordDocument'` its
 * directory names a Word stream, as a real .doc does; with another name it stands for an Excel
 * sheet or an installer renamed .doc.
 */
export function makeCompoundFile(stream = 'WordDocument', size = 4096): Buffer {
  const buf = Buffer.alloc(size);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(buf, 0);
  buf.writeUInt16LE(0x003e, 24); // minor version
  buf.writeUInt16LE(0x0003, 26); // major version 3
  buf.writeUInt16LE(0xfffe, 28); // little-endian
  buf.writeUInt16LE(9, 30); // 512-byte sectors
  // The directory entry's name, UTF-16LE, in the second sector.
  Buffer.from(stream, 'utf16le').copy(buf, 512 + 128);
  return buf;
}

/** The start of a Windows program (MZ header + PE signature), e.g. for a renamed .exe. */
export function makeExe(size = 2048): Buffer {
  const buf = Buffer.alloc(size);
  buf.write('MZ', 0, 'latin1');
  buf.writeUInt32LE(0x80, 0x3c);
  buf.write('PE\0\0', 0x80, 'latin1');
  return buf;
}

/** A short silent WAV file. */
export function makeWav(seconds = 0.2, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, Buffer.alloc(samples * 2)]);
}

/** The start of an MP4 video (an ftyp box) — enough for content sniffing. */
export function makeMp4Head(size = 4096): Buffer {
  const buf = Buffer.alloc(size);
  buf.writeUInt32BE(0x18, 0);
  buf.write('ftypisom', 4, 'latin1');
  buf.writeUInt32BE(0x200, 12);
  buf.write('isomiso2', 16, 'latin1');
  return buf;
}

/** A real image from an SVG drawing (sharp renders it), as JPEG or PNG. */
export async function makeImage(svg: string, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 86 }).toBuffer();
}

/** A small plain test photo: a coloured rectangle. */
export function makePhoto(colour = '#d97706', width = 640, height = 480, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  return makeImage(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fff7ed"/></svg>`, format);
}

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; data: Buffer; contentType?: string };

/** A multipart/form-data body for `inject`, parts in the given order. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----heirloom${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Wraps text into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A one-page PDF that looks like a scanned paper document: the page is a JPEG (letterhead, title,
 * paragraphs, a signature) drawn from SVG, as a scanner would produce. Realistic in look and size.
 */
export async function makeScannedPdf(title: string, paragraphs: string[], options: { letterhead?: string; seal?: boolean } = {}): Promise<Buffer> {
  const W = 1275;
  const H = 1650;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  let y = 430;
  const body: string[] = [];
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph, 78)) {
      body.push(`<text x="150" y="${y}" font-family="Georgia, 'DejaVu Serif', serif" font-size="27" fill="#262626">${esc(line)}</text>`);
      y += 42;
    }
    y += 22;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="#fbf9f4"/>
    <rect x="110" y="110" width="${W - 220}" height="4" fill="#1e3a5f"/>
    <text x="150" y="180" font-family="Georgia, serif" font-size="26" letter-spacing="4" fill="#1e3a5f">${esc((options.letterhead ?? 'Hollis & Grant · Attorneys at Law · Cape May, NJ').toUpperCase())}</text>
    <text x="${W / 2}" y="320" text-anchor="middle" font-family="Georgia, serif" font-size="48" font-weight="bold" fill="#111827">${esc(title)}</text>
    <rect x="${W / 2 - 160}" y="345" width="320" height="2" fill="#9ca3af"/>
    ${body.join('\n')}
    <path d="M170 ${Math.min(y + 90, H - 200)} c 40 -60 70 40 110 -10 s 60 -50 90 10 s 50 20 80 -20" fill="none" stroke="#1e3a8a" stroke-width="4"/>
    <rect x="150" y="${Math.min(y + 110, H - 180)}" width="380" height="2" fill="#4b5563"/>
    <text x="150" y="${Math.min(y + 145, H - 145)}" font-family="Georgia, serif" font-size="22" fill="#4b5563">Signature</text>
    ${options.seal === false ? '' : `<circle cx="${W - 260}" cy="${Math.min(y + 100, H - 210)}" r="85" fill="none" stroke="#b91c1c" stroke-width="5" opacity="0.7"/><circle cx="${W - 260}" cy="${Math.min(y + 100, H - 210)}" r="68" fill="none" stroke="#b91c1c" stroke-width="2" opacity="0.7"/><text x="${W - 260}" y="${Math.min(y + 108, H - 202)}" text-anchor="middle" font-family="Georgia, serif" font-size="22" fill="#b91c1c" opacity="0.8">NOTARY</text>`}
    <text x="${W / 2}" y="${H - 80}" text-anchor="middle" font-family="Georgia, serif" font-size="20" fill="#6b7280">Page 1 of 1</text>
  </svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
  // An invisible text layer (render mode 3) over the image, as a scanner's OCR writes it: the
  // words can be searched and selected, the page looks like the scan.
  const pdfEsc = (t: string) => t.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const ocr = [title, ...paragraphs].map((line) => `(${pdfEsc(line)}) Tj T*`).join('\n');
  const contents = `q 612 0 0 792 0 0 cm /Im1 Do Q\nBT 3 Tr /F1 10 Tf 14 TL 72 650 Td\n${ocr}\nET`;
  const parts: (string | Buffer)[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: string | Buffer) => {
    parts.push(chunk);
    length += typeof chunk === 'string' ? Buffer.byteLength(chunk, 'latin1') : chunk.length;
  };
  const object = (n: number, head: string, stream?: Buffer | string) => {
    offsets[n] = length;
    push(`${n} 0 obj\n${head}\n`);
    if (stream !== undefined) {
      push('stream\n');
      push(stream);
      push('\nendstream\n');
    }
    push('endobj\n');
  };
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> /Font << /F1 6 0 R >> >> /Contents 4 0 R >>');
  object(4, `<< /Length ${contents.length} >>`, contents);
  object(5, `<< /Type /XObject /Subtype /Image /Width ${W} /Height ${H} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>`, jpeg);
  object(6, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const xref = length;
  push(`xref\n0 7\n0000000000 65535 f \n${offsets.slice(1).map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  push(`trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));
}
