import { expect } from 'vitest';
import { makeSeal } from '../../src/core/seal/seal-keys.ts';
import { resealPartName, type TResealRequest } from '../../src/core/estate-seal.schemas.ts';
import { sealBytes, sealText } from '../../src/core/seal/sealed-content.ts';
import { injectAs, sessionFor, type TestApp, type TestSession } from '../helpers.ts';
import { multipartBody, type FormPart } from './files.ts';
import { insertBeneficiary } from './estates.ts';
import { insertEstateWithTeam } from './lifecycle.ts';
import { insertUser } from './users.ts';

/**
 * An owner with a daughter (who reports) and two more trustees, any two of three; a seal made as the
 * owner's browser makes it (core/seal); one letter to the daughter, delivered at activation, sealed
 * with a marker nobody else knows.
 */
export async function sealedFamily(t: TestApp) {
  const team = await insertEstateWithTeam(t.db);
  const others = [await insertUser(t.db, { roles: ['beneficiary'] }), await insertUser(t.db, { roles: ['beneficiary'] })];
  for (const u of others) await insertBeneficiary(t.db, team.owner.estateId!, { userId: u.id, email: u.email, relationship: 'Friend' });
  const trustees = [team.reporter, ...others];
  const s = await sessionFor(t, team.owner);
  expect((await injectAs(t, s, 'PUT', '/api/v1/release-safeguards/trustees', { userIds: trustees.map((u) => u.id) })).statusCode).toBe(200);
  expect((await injectAs(t, s, 'PATCH', '/api/v1/release-safeguards/rules', { quorumRequired: 2 })).statusCode).toBe(200);
  const seal = await makeSeal(2, 3);
  const made = await injectAs(t, s, 'POST', '/api/v1/estate-seal', {
    recipient: seal.recipient,
    sealTag: seal.sealTag,
    threshold: 2,
    kits: seal.shares.map((share, i) => ({ shareIndex: share.index, holderUserId: trustees[i]!.id, fingerprint: share.fingerprint, checkGroup: share.checkGroup })),
  });
  expect(made.statusCode, made.body).toBe(200);
  const marker = `MARKER-${crypto.randomUUID()}`;
  const letter = {
    recipientId: team.beneficiary.id,
    subject: 'For my daughter',
    body: await sealText(seal.recipient, `Dear one — ${marker}`),
    sealTag: seal.sealTag,
    deliveryRule: 'after_activation',
    daysAfterActivation: 0,
    status: 'scheduled',
  };
  const created = await injectAs(t, s, 'POST', '/api/v1/future-messages', letter);
  expect(created.statusCode, created.body).toBe(201);
  return { ...team, trustees, s, seal, marker, letter, letterId: created.json().id as string };
}

/** Uploads a document sealed as the owner's browser seals it: an age file named "<name>.age", with the seal's tag. */
export async function uploadSealedDocument(t: TestApp, s: TestSession, seal: { recipient: string; sealTag: string }, bytes: Buffer, name = 'Letter of wishes.pdf', title = 'Letter of wishes') {
  const { payload, headers } = multipartBody([
    { name: 'title', value: title },
    { name: 'type', value: 'personal' },
    { name: 'sealTag', value: seal.sealTag },
    { name: 'file', filename: `${name}.age`, data: Buffer.from(await sealBytes(seal.recipient, bytes)) },
  ]);
  return injectAs(t, s, 'POST', '/api/v1/documents', payload, { headers });
}

/** A re-sealing as the browser sends it: the request field, then each part sealed again. */
export function resealBody(request: TResealRequest, parts: { itemType: string; itemId: string; part: string; sealed: Uint8Array | string }[]) {
  const form: FormPart[] = [{ name: 'request', value: JSON.stringify(request) }];
  for (const p of parts) form.push({ name: resealPartName(p), filename: 'sealed.age', data: Buffer.from(p.sealed) });
  return multipartBody(form);
}
