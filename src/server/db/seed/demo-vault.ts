import type { Config } from '../../config.ts';
import type { Deps } from '../../context.ts';
import { systemClock } from '../../lib/clock.ts';
import { createSecretBox, loadMasterKey } from '../../lib/crypto.ts';
import { fillDocumentText } from '../../modules/documents/fill-document-text.ts';
import { createFileStore } from '../../storage/create-file-store.ts';
import type { Db } from '../client.ts';
import type { DemoIds } from './demo-users.ts';
import { beachAtSunset, birthdayTable, lakeHouseAutumn, lullabyWav, roseGarden } from './demo-scenes.ts';
import { insertDigitalAsset } from '../../../../test/factories/digital-assets.ts';
import { insertDocument, insertFolder } from '../../../../test/factories/documents.ts';
import { makeDocx, makeImage, makeScannedPdf } from '../../../../test/factories/files.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';

/** What seeding the vault needs beyond the database: where files go, the master key, the clock. */
export type SeedVault = Pick<Deps, 'files' | 'secrets' | 'clock'>;

/** The file store and master key the server itself will use with this configuration. */
export function seedVaultFor(config: Pick<Config, 'dataDir' | 's3' | 'masterKey'>): SeedVault {
  return { files: createFileStore(config), secrets: createSecretBox(loadMasterKey(config.masterKey, config.dataDir)), clock: systemClock };
}

const DAY = 86_400_000;

/**
 * Margaret Ellis's vault: 12 documents (Legal 5, Financial 4, Personal 3) in real PDF/DOCX files,
 * 8 digital assets, and six memories with real photographs, a story, a letter and a recorded song.
 */
export async function seedVault(db: Db, ids: DemoIds, vault: SeedVault): Promise<void> {
  const deps = { db, ...vault };
  const estateId = ids.estateId;
  const b = ids.beneficiaries as Record<'Emily' | 'James' | 'Richard' | 'Sophie' | 'Grace', string>;
  const now = vault.clock.now().getTime();
  const daysAgo = (n: number) => new Date(now - n * DAY);

  // ---- Documents ------------------------------------------------------------------------------
  const estatePlan = await insertFolder(deps, estateId, 'Estate Plan');
  const insurance = await insertFolder(deps, estateId, 'Insurance');
  const documents: Parameters<typeof insertDocument>[2][] = [
    { title: 'Last Will and Testament', type: 'legal', folderId: estatePlan.id, sharedWith: [b.Emily, b.James], release: 'after_activation', createdAt: daysAgo(3),
      bytes: await makeScannedPdf('Last Will and Testament of Margaret Ann Ellis', ['I, Margaret Ann Ellis, of Cape May, New Jersey, declare this to be my will.', 'Article I. I leave my home and its contents to my husband, Richard Ellis.', 'Article II. Should he not survive me, to my children Emily and James in equal shares.', 'Article III. My garden tools and the rose cuttings go to my granddaughter Grace.', 'Signed and witnessed on the 12th of March, 2024.']) },
    { title: 'Durable Power of Attorney', type: 'legal', folderId: estatePlan.id, sharedWith: [b.Richard], release: 'now', createdAt: daysAgo(6),
      bytes: await makeScannedPdf('Durable Power of Attorney', ['Principal: Margaret Ann Ellis', 'Agent: Richard Ellis; successor agent: Emily Ellis', 'This power of attorney is not affected by later incapacity of the principal.']) },
    { title: 'Revocable Living Trust Agreement', type: 'legal', folderId: estatePlan.id, createdAt: daysAgo(14),
      bytes: await makeScannedPdf('The Ellis Family Revocable Living Trust', ['Trustors and initial trustees: Richard and Margaret Ellis', 'Successor trustee: Emily Ellis', 'Schedule A lists the lake house, the Vanguard account and the family silver.']) },
    { title: 'Advance Healthcare Directive', type: 'legal', shareAll: true, release: 'now', createdAt: daysAgo(21),
      bytes: await makeScannedPdf('Advance Healthcare Directive', ['I wish to be kept comfortable and free of pain.', 'My healthcare agent is my husband, Richard Ellis, then my daughter Emily.', 'I wish to donate my organs if they can help someone.']) },
    { title: 'Deed to the Lake House', type: 'legal', createdAt: daysAgo(35),
      bytes: await makeScannedPdf('Warranty Deed', ['Property: 14 Birch Point Road, Lake Placid, New York', 'Grantees: Richard Ellis and Margaret Ellis, as tenants by the entirety', 'Recorded in Essex County, Book 1187, Page 204.'], { letterhead: 'Essex County Clerk · Elizabethtown, NY' }) },
    { title: 'Vanguard Retirement Account Summary 2025', type: 'financial', sharedWith: [b.Richard], release: 'now', createdAt: daysAgo(4),
      bytes: await makeScannedPdf('Vanguard Retirement Account: Annual Summary 2025', ['Account holder: Margaret A. Ellis', 'Beneficiaries on file: Richard Ellis (primary), Emily and James Ellis (contingent)', 'Allocation: 60% Total Stock Market Index, 40% Total Bond Market Index'], { letterhead: 'Vanguard · Valley Forge, PA', seal: false }) },
    { title: 'Life Insurance Policy (MetLife)', type: 'financial', folderId: insurance.id, sharedWith: [b.Richard, b.Emily], release: 'after_activation', createdAt: daysAgo(9),
      bytes: await makeScannedPdf('MetLife Term Life Insurance Policy', ['Insured: Margaret A. Ellis', 'Policy number: TL-4471-2209', 'Beneficiary: Richard Ellis. Claims: 1-800-638-5433.'], { letterhead: 'MetLife · Policyholder Services', seal: false }) },
    { title: 'Joint Checking Statements', type: 'financial', createdAt: daysAgo(17),
      bytes: await makeScannedPdf('Chase Total Checking: Statements', ['Account holders: Richard Ellis, Margaret Ellis', 'Automatic payments: electricity, water, homeowners insurance, church pledge'], { letterhead: 'JPMorgan Chase Bank, N.A.', seal: false }) },
    { title: 'Federal Tax Return 2024', type: 'financial', createdAt: daysAgo(40),
      bytes: await makeScannedPdf('Form 1040: U.S. Individual Income Tax Return 2024', ['Filing status: Married filing jointly', 'Prepared by Hollis & Grant CPAs, Cape May'], { letterhead: 'Hollis & Grant CPAs · Cape May, NJ', seal: false }) },
    { title: 'Birth Certificate', type: 'personal', createdAt: daysAgo(11),
      bytes: await makeScannedPdf('Certificate of Live Birth', ['Name: Margaret Ann Whitaker', 'Born: 18 April 1952, Trenton, New Jersey', 'Parents: Harold and June Whitaker'], { letterhead: 'State of New Jersey · Department of Health' }) },
    { title: 'Marriage Certificate', type: 'personal', sharedWith: [b.Emily, b.James], release: 'now', createdAt: daysAgo(28),
      bytes: await makeScannedPdf('Certificate of Marriage', ['Richard James Ellis and Margaret Ann Whitaker', 'Married 22 June 1974 at St. Mary by-the-Sea, Cape May'], { letterhead: 'Cape May County · Office of Vital Statistics' }) },
    { title: 'Letter to My Children', type: 'personal', sharedWith: [b.Emily, b.James], release: 'after_activation', createdAt: daysAgo(2),
      bytes: makeDocx(['My dear Emily and James,', 'If you are reading this, I want you to know how proud I am of the people you became.', 'Look after your father, and each other. Keep the Sunday phone calls going.', 'All my love, Mum']),
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', fileName: 'Letter to my children.docx' },
  ];
  for (const doc of documents) {
    const inserted = await insertDocument(deps, estateId, { fileName: `${doc!.title}.pdf`, ...doc });
    // Read its text now (the job would, minutes after start), so the demo's search finds words inside.
    await fillDocumentText(deps, inserted.id);
  }

  // ---- Digital assets ---------------------------------------------------------------------------
  const assets: Parameters<typeof insertDigitalAsset>[2][] = [
    { name: 'Chase Total Checking', institution: 'JPMorgan Chase', username: 'm.ellis52', platform: 'Online banking', url: 'https://www.chase.com', size: null,
      secrets: { password: 'Roses&Tide-1974', accessInstructions: 'Two-step codes go to my phone. Richard is a joint owner and can call the branch on Washington Street.' } },
    { name: 'Vanguard Retirement Account', institution: 'Vanguard', username: 'margaret.ellis', platform: 'Investment account', url: 'https://investor.vanguard.com',
      secrets: { password: 'Birch-Point-14!', recoveryCodes: '8F2K-1QZP\n7M4D-9XWA\nC3LT-6HNE' } },
    { name: 'Gmail', username: 'margaret.ellis52@gmail.com', platform: 'Email', url: 'https://mail.google.com',
      secrets: { password: 'garden-gate-blue-42', recoveryCodes: '4417 2209\n9183 5521\n7730 1093', accessInstructions: 'Please download my photos with Google Takeout before closing the account.' } },
    { name: 'Facebook', username: 'Margaret Whitaker Ellis', platform: 'Social media', url: 'https://www.facebook.com',
      secrets: { accessInstructions: 'Please ask Facebook to memorialise my profile rather than delete it. Emily is my legacy contact.' } },
    { name: 'Ancestry.com family tree', username: 'EllisWhitakerTree', platform: 'Genealogy', status: 'Inactive', url: 'https://www.ancestry.com' },
    { name: 'iCloud Photos', username: null, platform: 'Cloud storage', size: '184 GB', url: 'https://www.icloud.com',
      secrets: { accessInstructions: 'Every family photo since 2009. The Legacy Contact access key is printed in the blue folder in the desk.' } },
    { name: 'Family recipes on Google Drive', username: null, platform: 'Cloud storage', size: '2.4 GB' },
    { name: 'ellisfamily.net website', username: null, platform: 'Domain name', url: 'https://ellisfamily.net', status: 'Active' },
  ];
  for (const [i, asset] of assets.entries()) {
    const at = daysAgo([2, 5, 9, 16, 60, 12, 33, 90][i] ?? 1);
    await insertDigitalAsset(deps, estateId, { ...asset, createdAt: at, updatedAt: at });
  }

  // ---- Memories -----------------------------------------------------------------------------------
  const photo = async (svg: string, name: string) => ({ bytes: await makeImage(svg), name });
  await insertMemory(deps, estateId, {
    title: 'Summer at Cape May', date: '1994-07-16', createdBy: ids.ownerId, shareAll: true, release: 'now', createdAt: daysAgo(30),
    description: 'Our last summer all together at the beach house before James left for college. The sunsets that year were unbelievable.',
    photos: [await photo(beachAtSunset, 'cape-may-sunset.jpg')],
    stories: [{ title: 'The sandcastle contest', content: 'James spent the whole afternoon building a moat that held the tide back for almost an hour. Emily judged, and gave everybody first prize, including the seagull.' }],
    notes: [{ text: 'Richard says it was 1995. It was 1994, I have the photos to prove it.', createdAt: daysAgo(20) }],
  });
  await insertMemory(deps, estateId, {
    title: 'Our rose garden in June', date: '2019-06-08', createdBy: ids.ownerId, sharedWith: [b.Emily, b.Grace], release: 'now', createdAt: daysAgo(25),
    description: 'Forty years of roses along the fence. The pink climber by the bench came from my mother’s garden in Trenton.',
    photos: [await photo(roseGarden, 'rose-garden.jpg')],
  });
  await insertMemory(deps, estateId, {
    title: 'Richard’s 70th birthday', date: '2020-11-30', createdBy: ids.ownerId, shareAll: true, release: 'now', createdAt: daysAgo(18),
    description: 'A small party at home: the whole family, one lemon cake and far too many candles.',
    photos: [await photo(birthdayTable, 'richard-70th.jpg')],
    stories: [{ title: 'What Grace wrote in the card', content: 'Grandpa, you are seventy but you still climb trees better than me. Love, G.' }],
  });
  await insertMemory(deps, estateId, {
    title: 'Autumn at the lake house', date: '2016-10-09', createdBy: ids.ownerId, sharedWith: [b.James], release: 'after_activation', createdAt: daysAgo(12),
    description: 'The maples turning on Birch Point. James and Richard fixed the dock while I painted the boat red again.',
    photos: [await photo(lakeHouseAutumn, 'lake-house-autumn.jpg')],
  });
  await insertMemory(deps, estateId, {
    title: 'Hush, little one: Emily’s lullaby', date: '1982-03-14', createdBy: ids.ownerId, sharedWith: [b.Emily], release: 'now', createdAt: daysAgo(8),
    description: 'The tune I hummed to Emily every night the winter she was born. I recorded it again so she can sing it to her own children.',
    recordings: [{ kind: 'audio', bytes: lullabyWav(), name: 'emilys-lullaby.wav', mimeType: 'audio/wav' }],
  });
  await insertMemory(deps, estateId, {
    title: 'A letter to my grandchildren', date: '2025-12-24', createdBy: ids.ownerId, sharedWith: [b.Grace], release: 'after_activation', createdAt: daysAgo(1),
    description: 'Written on Christmas Eve, for Grace and the ones still to come.',
    stories: [{ title: 'To Grace, and whoever comes next', content: 'Be curious. Plant something every spring, even if it is only a pot of basil on a windowsill. Call your parents more than you think you need to. And when the family gets together, make sure someone takes the photo, and that someone is in it too.' }],
  });
}
