import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { estateExecutors } from '../../db/schema/executors.ts';
import { inventoryEntries } from '../../db/schema/settlement.ts';
import { users } from '../../db/schema/users.ts';
import { insertDigitalAsset } from '../../../../test/factories/digital-assets.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { readZip } from '../../../../test/factories/legacy-export.ts';
import { activateThroughApi, insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { parseCsv } from '../../../../test/parse-csv.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { buildInventory } from './build-inventory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const SECRET = 'Vault-Only-7Hq!pass';
const RECOVERY = 'recovery-code-99zz-only-in-the-vault';
const ACCOUNT_NUMBER = '4402 9917 3385';

/**
 * Margaret Ellis's estate: her son Tom named executor; her daughter (the reporter) with the
 * digital-legacy flag follows; a nephew without it; an administrator. Gmail (with a password in the
 * vault), a financial and a personal document; she pre-filled her savings account while planning.
 */
async function family() {
  const f = await insertEstateWithTeam(t.db, { name: 'Margaret Ellis' });
  const estateId = f.owner.estateId!;
  await t.db.update(beneficiaries).set({ accessDigitalLegacy: true }).where(eq(beneficiaries.id, f.beneficiary.id));
  const son = await insertUser(t.db, { roles: ['beneficiary'], name: 'Tom Ellis' });
  await insertBeneficiary(t.db, estateId, { userId: son.id, email: son.email, relationship: 'Son', accessDigitalLegacy: false });
  const nephew = await insertUser(t.db, { roles: ['beneficiary'] });
  await insertBeneficiary(t.db, estateId, { userId: nephew.id, email: nephew.email, relationship: 'Nephew', accessDigitalLegacy: false });
  await t.db.insert(estateExecutors).values({ estateId, position: 'executor', userId: son.id, namedAt: t.clock.now() });
  await insertDigitalAsset(t.app.deps, estateId, { name: 'Gmail', platform: 'Google', username: 'margaret.ellis@example.com', afterDeathAction: 'memorialise', secrets: { password: SECRET, recoveryCodes: RECOVERY } });
  await insertDocument(t.app.deps, estateId, { title: 'Aviva life insurance policy', type: 'financial' });
  await insertDocument(t.app.deps, estateId, { title: 'Holiday photos index', type: 'personal' });
  const ownerS = await sessionFor(t, f.owner);
  const url = `/api/v1/estates/${estateId}/inventory`;
  return { ...f, estateId, son, nephew, ownerS, url, sonS: await sessionFor(t, son), daughterS: await sessionFor(t, f.reporter), nephewS: await sessionFor(t, nephew), adminS: await sessionFor(t, f.administrator) };
}
type Family = Awaited<ReturnType<typeof family>>;

const BARCLAYS = 'Barclays Bereavement Service\nPO Box 1234\nLeicester LE87 2BB';
const savings = { kind: 'bank_account', name: 'Savings account', institution: 'Barclays', institutionAddress: `  ${BARCLAYS.replaceAll('\n', '  \n\n ')}  `, reference: ACCOUNT_NUMBER, value: '12500.50', currency: 'gbp', wishedAction: 'close' };

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe('the inventory while the owner plans', () => {
  it('the owner pre-fills an entry; bad input is refused with a clear error and changes nothing; nobody else sees it yet', async () => {
    const f = await family();
    const added = await injectAs(t, f.ownerS, 'POST', f.url, savings);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Savings account', currency: 'GBP', value: '12500.50', referenceMasked: '••••3385', source: 'owner', status: 'todo', institutionAddress: BARCLAYS, letterReady: true });
    expect(added.body).not.toContain('9917');

    for (const [body, field] of [
      [{ ...savings, value: '-5' }, 'value'],
      [{ ...savings, currency: 'XYZ' }, 'currency'],
      [{ ...savings, currency: undefined }, 'currency'],
      [{ ...savings, kind: 'yacht' }, 'kind'],
      [{ ...savings, name: '  ' }, 'name'],
      [{ ...savings, institutionAddress: 'Somewhere' }, 'institutionAddress'],
      [{ ...savings, institutionAddress: 'a\nb\nc\nd\ne\nf\ng\nh\ni' }, 'institutionAddress'],
      [{ ...savings, institutionAddress: `1 Long Road\n${'x'.repeat(400)}` }, 'institutionAddress'],
      [{ ...savings, institution: '' }, 'institution'],
    ] as const) {
      const res = await injectAs(t, f.ownerS, 'POST', f.url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    const status = await injectAs(t, f.ownerS, 'PATCH', `${f.url}/${added.json().id}`, { status: 'done' });
    expect(status.statusCode).toBe(409);
    const list = await injectAs(t, f.ownerS, 'GET', f.url);
    expect(list.json()).toMatchObject({ mode: 'owner', entries: [{ name: 'Savings account', status: 'todo' }] });

    for (const s of [f.sonS, f.daughterS, f.adminS, f.nephewS]) expect((await injectAs(t, s, 'GET', f.url)).statusCode).toBe(404);
  });
});

describe('the inventory after activation', () => {
  let f: Family;
  let entries: { id: string; name: string; source: string; kind: string; wishedAction: string | null }[];
  beforeAll(async () => {
    f = await family();
    expect((await injectAs(t, f.ownerS, 'POST', f.url, savings)).statusCode).toBe(201);
    expect((await injectAs(t, f.ownerS, 'POST', f.url, { kind: 'online_account', name: 'gmail' })).statusCode).toBe(201);
    await t.db.update(users).set({ dateOfBirth: '1941-03-02' }).where(eq(users.id, f.owner.id));
    await activateThroughApi(t, f);
    entries = (await injectAs(t, f.sonS, 'GET', f.url)).json().entries;
  });

  it('is built from the assets and financial or legal documents, once, beside what the owner pre-filled', async () => {
    expect(entries.map((e) => [e.name, e.source, e.kind]).sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual([
      ['Aviva life insurance policy', 'document', 'insurance_policy'],
      ['gmail', 'owner', 'online_account'],
      ['Savings account', 'owner', 'bank_account'],
    ]);
    // the owner's "gmail" stands for the Gmail asset; the personal document is not an asset to settle
    await t.db.transaction(async (tx) => expect(await buildInventory(tx as never, f.estateId, t.clock.now())).toBe(0));
    await t.db.delete(inventoryEntries).where(eq(inventoryEntries.name, 'gmail'));
    await t.db.transaction(async (tx) => expect(await buildInventory(tx as never, f.estateId, t.clock.now())).toBe(1));
    const rebuilt = (await injectAs(t, f.sonS, 'GET', f.url)).json().entries;
    expect(rebuilt.find((e: { name: string }) => e.name === 'Gmail')).toMatchObject({ source: 'digital_asset', wishedAction: 'memorialise', institution: 'Google' });
    entries = rebuilt;
  });

  it('only the executor, the deputy and the administrator change it; a follower reads; others see nothing', async () => {
    const entry = entries.find((e) => e.name === 'Savings account')!;
    const byExecutor = await injectAs(t, f.sonS, 'PATCH', `${f.url}/${entry.id}`, { status: 'waiting' });
    expect(byExecutor.statusCode, byExecutor.body).toBe(200);
    expect(byExecutor.json()).toMatchObject({ status: 'waiting', statusLabel: 'Waiting for an answer', statusChange: { byName: 'Tom Ellis' } });
    expect((await injectAs(t, f.adminS, 'PATCH', `${f.url}/${entry.id}`, { value: '13000' })).json()).toMatchObject({ value: '13000.00', currency: 'GBP' });

    const daughter = await injectAs(t, f.daughterS, 'GET', f.url);
    expect(daughter.json().mode).toBe('read');
    expect((await injectAs(t, f.daughterS, 'PATCH', `${f.url}/${entry.id}`, { status: 'done' })).statusCode).toBe(403);
    expect((await injectAs(t, f.daughterS, 'POST', f.url, savings)).statusCode).toBe(403);
    expect((await injectAs(t, f.daughterS, 'GET', `${f.url}/${entry.id}/letter.pdf`)).statusCode).toBe(403);
    // without the digital-legacy flag, nothing of it exists for them
    for (const path of [f.url, `${f.url}.csv`, `${f.url}.pdf`, `${f.url}/${entry.id}/letter.zip`]) expect((await injectAs(t, f.nephewS, 'GET', path)).statusCode).toBe(404);
    // the owner's account is frozen at activation
    expect((await injectAs(t, f.ownerS, 'POST', f.url, savings)).statusCode).toBe(409);
    // another estate's executor, and this estate's entry under another estate
    const g = await family();
    await activateThroughApi(t, g);
    expect((await injectAs(t, g.sonS, 'GET', f.url)).statusCode).toBe(404);
    expect((await injectAs(t, g.sonS, 'PATCH', `${g.url}/${entry.id}`, { status: 'done' })).statusCode).toBe(404);
    const after = (await injectAs(t, f.sonS, 'GET', f.url)).json().entries.find((e: { id: string }) => e.id === entry.id);
    expect(after.status).toBe('waiting');
  });

  it('totals the values per kind and currency, leaving out entries that do not apply', async () => {
    const add = (body: object) => injectAs(t, f.sonS, 'POST', f.url, body);
    expect((await add({ kind: 'bank_account', name: 'Chase checking', value: '100.25', currency: 'USD' })).json().source).toBe('executor');
    await add({ kind: 'bank_account', name: 'Chase savings', value: '200', currency: 'USD' });
    const old = await add({ kind: 'bank_account', name: 'Closed account', value: '999', currency: 'USD' });
    await injectAs(t, f.sonS, 'PATCH', `${f.url}/${old.json().id}`, { status: 'not_applicable' });
    const { totals, counts } = (await injectAs(t, f.sonS, 'GET', f.url)).json();
    expect(totals).toEqual(
      expect.arrayContaining([
        { kind: 'bank_account', kindLabel: 'Bank account', currency: 'GBP', total: '13000.00', entries: 1 },
        { kind: 'bank_account', kindLabel: 'Bank account', currency: 'USD', total: '300.25', entries: 2 },
      ]),
    );
    expect(counts).toMatchObject({ not_applicable: 1, waiting: 1 });
    const bad = await injectAs(t, f.sonS, 'PATCH', `${f.url}/${old.json().id}`, { value: '-1', currency: 'EUR' });
    expect(bad.statusCode).toBe(400);
  });

  it('a letter says who died, when, the whole reference and the action, encloses the verified certificate, and never a vault secret', async () => {
    const entry = entries.find((e) => e.name === 'Savings account')!;
    const pdf = await injectAs(t, f.sonS, 'GET', `${f.url}/${entry.id}/letter.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of ['Margaret Ellis', '20 November 2026', ACCOUNT_NUMBER, 'Tom Ellis', f.son.email, 'Executor', BARCLAYS.replaceAll('\n', ' '), 'Please close this account', 'death certificate']) {
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    }
    expect(text).not.toContain('address above');
    // Gmail gets the address the executor found for Google; the document stays without one
    const gmail = entries.find((e) => e.name === 'Gmail')!;
    expect((await injectAs(t, f.sonS, 'PATCH', `${f.url}/${gmail.id}`, { institutionAddress: '1600 Amphitheatre Parkway\nMountain View, CA 94043\nUnited States' })).json()).toMatchObject({ letterReady: true });
    const bundle = await injectAs(t, f.sonS, 'GET', `${f.url}/${entry.id}/letter.zip`);
    const files = await readZip(bundle.rawPayload);
    expect([...files.keys()]).toEqual(['letter-barclays-margaret-ellis.pdf', 'enclosure-1-death-certificate.pdf']);
    expect(files.get('enclosure-1-death-certificate.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');

    // every PDF and export the inventory produces, for every entry: no secret from the vault
    const produced: string[] = [await pdfText((await injectAs(t, f.sonS, 'GET', `${f.url}.pdf`)).rawPayload), (await injectAs(t, f.sonS, 'GET', `${f.url}.csv`)).body];
    for (const e of (await injectAs(t, f.sonS, 'GET', f.url)).json().entries as { id: string; letterReady: boolean }[]) {
      if (!e.letterReady) continue;
      produced.push(await pdfText((await injectAs(t, f.adminS, 'GET', `${f.url}/${e.id}/letter.pdf`)).rawPayload));
      for (const [name, bytes] of await readZip((await injectAs(t, f.sonS, 'GET', `${f.url}/${e.id}/letter.zip`)).rawPayload)) {
        if (name.startsWith('letter-')) produced.push(await pdfText(bytes));
      }
    }
    expect(produced.some((p) => p.includes('Please memorialise it'))).toBe(true);
    for (const p of produced) {
      expect(p).not.toContain(SECRET);
      expect(p).not.toContain(RECOVERY);
    }
    // the exports show the reference masked, like the screen
    expect(produced[0]).toContain('••••3385');
    expect(produced[0]).not.toContain(ACCOUNT_NUMBER);
    const csv = parseCsv(produced[1]!.replace(/^\uFEFF/, ''));
    expect(csv[0]).toContain('Reference (last 4)');
    expect(csv.find((row) => row.includes('Savings account'))![csv[0]!.indexOf('Institution address')]).toBe('Barclays Bereavement Service, PO Box 1234, Leicester LE87 2BB');
    expect(produced[1]).not.toContain('9917');
  });

  it('a letter gives the date of death the executor set for the deadlines (checked against the certificate) over the report’s', async () => {
    const entry = entries.find((e) => e.name === 'Savings account')!;
    const saved = await injectAs(t, f.sonS, 'PUT', `/api/v1/estates/${f.estateId}/settlement`, { jurisdiction: 'england-wales', dateOfDeath: '2026-11-18' });
    expect(saved.statusCode, saved.body).toBe(200);
    const text = await pdfText((await injectAs(t, f.sonS, 'GET', `${f.url}/${entry.id}/letter.pdf`)).rawPayload);
    expect(text).toContain('18 November 2026');
    expect(text).not.toContain('20 November 2026');
  });

  it('marked sent, the screen reminds after the days chosen until the answer is recorded', async () => {
    const entry = (await injectAs(t, f.sonS, 'POST', f.url, { kind: 'pension', name: 'Teachers pension', institution: 'Teachers Pensions' })).json();
    expect((await injectAs(t, f.sonS, 'POST', `${f.url}/${entry.id}/letter/answer`, { answer: 'Received.' })).statusCode).toBe(409);
    for (const body of [{ via: 'pigeon', remindAfterDays: 10 }, { via: 'post', remindAfterDays: 0 }, { via: 'post' }]) {
      expect((await injectAs(t, f.sonS, 'POST', `${f.url}/${entry.id}/letter/sent`, body)).statusCode).toBe(400);
    }
    const sent = await injectAs(t, f.sonS, 'POST', `${f.url}/${entry.id}/letter/sent`, { via: 'post', remindAfterDays: 14 });
    expect(sent.json()).toMatchObject({ status: 'notified', letter: { sent: { via: 'post', byName: 'Tom Ellis' }, reminderDue: false, answer: null } });
    t.clock.advance(13 * 86_400_000);
    f.sonS = await sessionFor(t, f.son);
    f.daughterS = await sessionFor(t, f.reporter);
    expect((await injectAs(t, f.sonS, 'GET', f.url)).json().entries.find((e: { id: string }) => e.id === entry.id).letter.reminderDue).toBe(false);
    t.clock.advance(2 * 86_400_000);
    f.sonS = await sessionFor(t, f.son);
    f.daughterS = await sessionFor(t, f.reporter);
    expect((await injectAs(t, f.daughterS, 'GET', f.url)).json().entries.find((e: { id: string }) => e.id === entry.id).letter.reminderDue).toBe(true);
    const answered = await injectAs(t, f.sonS, 'POST', `${f.url}/${entry.id}/letter/answer`, { answer: 'They need a copy of the grant.' });
    expect(answered.json()).toMatchObject({ letter: { reminderDue: false, answer: { text: 'They need a copy of the grant.' } } });
    expect((await injectAs(t, f.daughterS, 'POST', `${f.url}/${entry.id}/letter/sent`, { via: 'post', remindAfterDays: 14 })).statusCode).toBe(403);
  });

  it('the deceased’s name and date of birth are fixed at activation: the account cannot rename her, and a renamed row changes nothing printed', async () => {
    expect(await t.db.select({ name: estates.deceasedName, born: estates.deceasedDateOfBirth }).from(estates).where(eq(estates.id, f.estateId))).toEqual([{ name: 'Margaret Ellis', born: '1941-03-02' }]);
    const ownerS = await sessionFor(t, f.owner);
    for (const [url, body] of [
      ['/api/v1/account', { name: '@SUM(1)' }],
      ['/api/v1/beneficiary-settings', { fullName: '@SUM(1)' }],
    ] as const) {
      const refused = await injectAs(t, ownerS, 'PATCH', url, body);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'ESTATE_FROZEN' });
      expect(refused.json().error.message).toContain('the name on its memorial and letters stays Margaret Ellis');
    }
    // what a mistaken activation needs stays open: the account's phone (and password, two-factor, sessions, the review)
    expect((await injectAs(t, ownerS, 'PATCH', '/api/v1/account', { phone: '+44 20 7946 0000' })).statusCode).toBe(200);
    expect((await t.db.select({ name: users.name }).from(users).where(eq(users.id, f.owner.id)))[0]!.name).toBe('Margaret Ellis');

    // renamed anyway, behind the application's back
    await t.db.update(users).set({ name: '@SUM(1)', dateOfBirth: '1999-09-09' }).where(eq(users.id, f.owner.id));
    f.sonS = await sessionFor(t, f.son);
    const entry = (await injectAs(t, f.sonS, 'GET', f.url)).json();
    expect(entry.ownerName).toBe('Margaret Ellis');
    const savingsEntry = (entry.entries as { id: string; name: string }[]).find((e) => e.name === 'Savings account')!;
    const pdf = await injectAs(t, f.sonS, 'GET', `${f.url}/${savingsEntry.id}/letter.pdf`);
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="letter-barclays-margaret-ellis.pdf"');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Name of the deceased: Margaret Ellis');
    expect(text).toContain('Executor of the estate of Margaret Ellis');
    expect(text).not.toContain('SUM');
    expect([...(await readZip((await injectAs(t, f.sonS, 'GET', `${f.url}/${savingsEntry.id}/letter.zip`)).rawPayload)).keys()][0]).toBe('letter-barclays-margaret-ellis.pdf');
    for (const ext of ['csv', 'pdf']) expect((await injectAs(t, f.sonS, 'GET', `${f.url}.${ext}`)).headers['content-disposition']).toMatch(/filename="inventory-margaret-ellis-/);
    // the frozen-estate answer names her as she was
    const frozen = await injectAs(t, await sessionFor(t, f.owner), 'POST', f.url, savings);
    expect(frozen.json().error.message).toContain('kept exactly as Margaret Ellis left it');

    // the public memorial
    const memorial = `/api/v1/estates/${f.estateId}/memorial`;
    expect((await injectAs(t, f.sonS, 'PUT', memorial, { body: 'In memory.' })).statusCode).toBe(200);
    const { path } = (await injectAs(t, f.sonS, 'POST', `${memorial}/publish`, { audience: 'link' })).json() as { path: string };
    const page = (await injectAs(t, f.sonS, 'GET', `/api/v1/memorials/${path.split('/').pop()}`)).json();
    expect(page).toMatchObject({ ownerName: 'Margaret Ellis', lifespan: '1941 – 2026' });
    expect((await injectAs(t, f.sonS, 'GET', memorial)).json().ownerName).toBe('Margaret Ellis');
    // what the family sees of her estate
    const shared = await injectAs(t, f.daughterS, 'GET', `/api/v1/shared/estates/${f.estateId}`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.body).toContain('Margaret Ellis');
    expect(shared.body).not.toContain('SUM');
  });

  it('a letter is made only for an entry with its institution’s name and postal address; the executor adds them', async () => {
    const policy = entries.find((e) => e.name === 'Aviva life insurance policy')!;
    const list = (await injectAs(t, f.sonS, 'GET', f.url)).json().entries as { id: string; letterReady: boolean }[];
    expect(list.find((e) => e.id === policy.id)).toMatchObject({ institution: null, institutionAddress: null, letterReady: false });
    for (const kind of ['pdf', 'zip']) {
      const refused = await injectAs(t, f.sonS, 'GET', `${f.url}/${policy.id}/letter.${kind}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('A letter needs somewhere to go: add the name and postal address of the institution that holds “Aviva life insurance policy” to this entry first.');
    }
    // an address without its institution, or one line; the entry is unchanged
    for (const [body, field] of [
      [{ institutionAddress: 'Pitheavlis\nPerth PH2 0NH' }, 'institution'],
      [{ institution: 'Aviva', institutionAddress: 'Perth' }, 'institutionAddress'],
    ] as const) {
      const bad = await injectAs(t, f.sonS, 'PATCH', `${f.url}/${policy.id}`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.json().error.fields)).toEqual([field]);
    }
    expect((await injectAs(t, f.sonS, 'PATCH', `${f.url}/${policy.id}`, { institution: 'Aviva' })).json()).toMatchObject({ institution: 'Aviva', institutionAddress: null, letterReady: false });
    const ready = await injectAs(t, f.sonS, 'PATCH', `${f.url}/${policy.id}`, { institutionAddress: 'Aviva Bereavement Team\nPitheavlis\nPerth PH2 0NH' });
    expect(ready.json()).toMatchObject({ institutionAddress: 'Aviva Bereavement Team\nPitheavlis\nPerth PH2 0NH', letterReady: true });
    const letter = await injectAs(t, f.sonS, 'GET', `${f.url}/${policy.id}/letter.pdf`);
    expect(letter.headers['content-disposition']).toBe('attachment; filename="letter-aviva-margaret-ellis.pdf"');
    expect((await pdfText(letter.rawPayload)).replace(/\s+/g, ' ')).toContain('Aviva Aviva Bereavement Team Pitheavlis Perth PH2 0NH');
    // the institution cannot go while its address stays
    expect((await injectAs(t, f.sonS, 'PATCH', `${f.url}/${policy.id}`, { institution: null })).statusCode).toBe(400);
    // removing the address takes the letter away again
    expect((await injectAs(t, f.sonS, 'PATCH', `${f.url}/${policy.id}`, { institutionAddress: '' })).json()).toMatchObject({ letterReady: false });
    expect((await injectAs(t, f.sonS, 'GET', `${f.url}/${policy.id}/letter.pdf`)).statusCode).toBe(409);
  });
});
