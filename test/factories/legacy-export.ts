import { createHash } from 'node:crypto';
import yauzl from 'yauzl';
import { insertAppointment } from './appointments.ts';
import { insertDigitalAsset } from './digital-assets.ts';
import { insertDocument, insertEarlierVersion, insertFolder } from './documents.ts';
import { insertBeneficiary } from './estates.ts';
import { makeMp4Head, makePdf, makePhoto, makeWav, type VaultDeps } from './files.ts';
import { insertFutureMessage } from './future-messages.ts';
import { insertMemory } from './memories.ts';
import { insertTask } from './tasks.ts';

export const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The secret a test looks for in an archive (it must appear only when secrets were included). */
export const EXPORT_SECRET = 'Tr0ub4dor&3-only-in-the-vault';

/**
 * An estate shaped like the demo owner's: memories with photos, a recording and a story (two
 * memories share a date and title, two photos share a file name), documents in folders (one
 * title that is also a file-system trap), assets with secrets, beneficiaries, tasks, an
 * appointment and future messages. Returns the original bytes of every uploaded file.
 */
export async function insertExportableEstate(deps: VaultDeps & { secrets: VaultDeps['secrets'] }, owner: { id: string; estateId: string | null }) {
  const estateId = owner.estateId!;
  const originals: Buffer[] = [];
  const keep = (bytes: Buffer) => (originals.push(bytes), bytes);
  const photoA = keep(await makePhoto('#d97706'));
  const photoB = keep(await makePhoto('#2563eb', 320, 240, 'png'));
  await insertMemory(deps, estateId, {
    title: 'Our <wedding> day',
    date: '1975-06-14',
    description: 'The church, the rain, <script>alert(1)</script>',
    photos: [
      { bytes: photoA, name: 'photo.jpg' },
      { bytes: photoB, name: 'photo.jpg' },
    ],
    stories: [{ title: 'How we met', content: 'At the harbour dance.' }],
    notes: [{ text: 'Remember the cake' }],
  });
  const wav = keep(makeWav(0.3));
  const mp4 = keep(makeMp4Head(8000));
  await insertMemory(deps, estateId, {
    title: 'Our <wedding> day',
    date: '1975-06-14',
    recordings: [
      { kind: 'audio', bytes: wav, name: 'vows.wav', mimeType: 'audio/wav' },
      { kind: 'video', bytes: mp4, name: '../../etc/passwd.mp4', mimeType: 'video/mp4' },
    ],
  });
  const legal = await insertFolder(deps, estateId, 'Legal / Wills');
  const will = keep(makePdf('Last will', ['I leave everything to my family.']));
  const lastWill = await insertDocument(deps, estateId, { title: 'Last will', folderId: legal.id, bytes: will, fileName: 'will.pdf' });
  // the will was replaced once: its first draft is an earlier version, exported too
  await insertEarlierVersion(deps, lastWill, { bytes: keep(makePdf('Last will', ['A first draft.'])), fileName: 'will-draft.pdf' });
  const big = keep(Buffer.concat([makePdf('Deeds', ['House deeds']), Buffer.alloc(200 * 1024, 7)]));
  await insertDocument(deps, estateId, { title: 'CON', folderId: legal.id, bytes: big, fileName: 'deeds.pdf' });
  const loose = keep(makePdf('Letter', ['A letter']));
  await insertDocument(deps, estateId, { title: 'Last will', bytes: loose, fileName: 'will.pdf' });

  await insertDigitalAsset(deps, estateId, { name: 'Family email', secrets: { password: EXPORT_SECRET } });
  await insertDigitalAsset(deps, estateId, { name: 'Photo cloud' });
  const emily = await insertBeneficiary(deps.db, estateId, { firstName: 'Emily', lastName: 'Ellis', relationship: 'Daughter' });
  await insertBeneficiary(deps.db, estateId, { firstName: 'Tom', lastName: 'Ellis', relationship: 'Son' });
  await insertTask(deps.db, estateId, { title: 'Upload the house deeds' });
  await insertAppointment(deps.db, { requestedBy: owner.id, attendeeName: 'Sarah Planner', estateId });
  await insertFutureMessage(deps.db, estateId, emily.id, { subject: 'For your 30th birthday', body: 'Dear Emily, <b>happy birthday</b>.' });
  return { originals };
}

/** Every entry of a zip, read fully (tests only: archives here are small). */
export function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
