import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateThroughApi, insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { sealedFamily } from '../../../../test/factories/seal.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { SEALED_TEXT } from '../../../core/estate-seal.schemas.ts';
import { makeSeal, type MadeSeal } from '../../../core/seal/seal-keys.ts';
import { openText } from '../../../core/seal/sealed-content.ts';
import { auditLog } from '../../db/schema/system.ts';
import { sealKits } from '../../db/schema/estate-seal.ts';
import type { JobCtx } from '../../jobs/job.ts';
import { deliverDueFutureMessages } from '../future-messages/deliver-due-future-messages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

const jobCtx = (): JobCtx => ({ ...t.app.deps, actor: null, meta: { ip: '', userAgent: 'test' } });

const kitIdOf = async (session: TestSession) => (await injectAs(t, session, 'GET', '/api/v1/trustee/kits')).json().items[0].kitId as string;
const give = async (session: TestSession, words: string) => injectAs(t, session, 'POST', `/api/v1/trustee/kits/${await kitIdOf(session)}/give`, { kit: words });

async function letterAsRecipient(session: TestSession, estateId: string) {
  const letters = await injectAs(t, session, 'GET', `/api/v1/shared/letters?estateId=${estateId}`);
  expect(letters.statusCode, letters.body).toBe(200);
  const letter = letters.json().items[0];
  const thread = await injectAs(t, session, 'GET', `/api/v1/inbox/threads/${letter.threadId}`);
  expect(thread.statusCode, thread.body).toBe(200);
  return { shared: letter.body as string, thread: thread.json().messages[0].body as string };
}

describe('a sealed letter', () => {
  it('is kept as the browser sealed it: the server shows only the sealed sentence; the Owner Kit opens it', async () => {
    const f = await sealedFamily(t);
    const got = await injectAs(t, f.s, 'GET', `/api/v1/future-messages/${f.letterId}`);
    expect(got.json()).toMatchObject({ sealed: true, body: SEALED_TEXT, subject: 'For my daughter' });
    const list = await injectAs(t, f.s, 'GET', '/api/v1/future-messages');
    expect(list.body).not.toContain(f.marker);
    const sealedPart = await injectAs(t, f.s, 'GET', `/api/v1/future-messages/${f.letterId}/sealed`);
    expect(sealedPart.statusCode).toBe(200);
    expect(sealedPart.json().sealTag).toBe(f.seal.sealTag);
    expect(await openText(f.seal.identity, sealedPart.json().armored)).toBe(`Dear one — ${f.marker}`);
    // the seal cannot be removed while something is sealed with it
    const removed = await injectAs(t, f.s, 'DELETE', '/api/v1/estate-seal');
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error.message).toMatch(/One item is sealed/);
    expect((await injectAs(t, f.s, 'GET', '/api/v1/estate-seal')).json().seal.sealedItems).toBe(1);
    // unsealing (the browser opened it with the Owner Kit and sends the words) forgets the sealed copy
    const plain = await injectAs(t, f.s, 'PUT', `/api/v1/future-messages/${f.letterId}`, { ...f.letter, sealTag: undefined, body: 'Plain words now' });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ sealed: false, body: 'Plain words now' });
    expect((await injectAs(t, f.s, 'GET', `/api/v1/future-messages/${f.letterId}/sealed`)).statusCode).toBe(404);
    expect((await injectAs(t, f.s, 'GET', '/api/v1/estate-seal')).json().seal.sealedItems).toBe(0);
  });

  it('refuses what cannot be sealed, with a reason', async () => {
    const f = await sealedFamily(t);
    const post = (body: object) => injectAs(t, f.s, 'POST', '/api/v1/future-messages', { ...f.letter, ...body });
    const onDate = await post({ deliveryRule: 'on_date', deliverOn: '2027-01-01', daysAfterActivation: null });
    expect(onDate.statusCode).toBe(400);
    expect(onDate.json().error.fields.deliveryRule).toMatch(/after your passing/);
    const plain = await post({ body: 'not sealed at all' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.fields.body).toMatch(/sealed in your browser/);
    expect((await post({ sealTag: undefined, body: 'x'.repeat(20_001) })).statusCode).toBe(400);
    const { owner: unsealedOwner, beneficiary } = await insertEstateWithTeam(t.db);
    const noSeal = await injectAs(t, await sessionFor(t, unsealedOwner), 'POST', '/api/v1/future-messages', { ...f.letter, recipientId: beneficiary.id });
    expect(noSeal.statusCode).toBe(409);
    expect(noSeal.json().error.message).toMatch(/Make your seal first/);
    // another estate's sealed letter is not found
    expect((await injectAs(t, await sessionFor(t, unsealedOwner), 'GET', `/api/v1/future-messages/${f.letterId}/sealed`)).statusCode).toBe(404);
  });
});

describe('release through the trustees’ kits', () => {
  it('takes no kit before activation; after it, opens the letter for its reader only when two kits are in', async () => {
    const f = await sealedFamily(t);
    const [daughter, ann, ben] = await Promise.all(f.trustees.map((u) => sessionFor(t, u)));
    const kit = (i: number) => f.seal.shares[i]!.words;

    const early = await give(ann!, kit(1));
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/only after .* is activated/);
    expect((await t.db.select().from(sealKits)).every((k) => k.givenShareEnc === null)).toBe(true);

    await activateThroughApi(t, f, [f.trustees[1]!, f.trustees[2]!]);
    await deliverDueFutureMessages(jobCtx());
    expect(await letterAsRecipient(daughter!, f.owner.estateId!)).toEqual({ shared: SEALED_TEXT, thread: SEALED_TEXT });

    // a mistyped kit, another trustee's kit, the Owner Kit and another seal's kit are refused, unkept
    const typo = kit(1).replace(/ (\S)/, (_, c: string) => ` ${c === 'A' ? 'B' : 'A'}`);
    expect((await give(ann!, typo)).json().error.message).toMatch(/mistake in it/);
    expect((await give(ann!, kit(2))).json().error.message).toMatch(/kit 3 of 3, another trustee's/);
    expect((await give(ann!, f.seal.ownerKit)).json().error.message).toMatch(/Owner Kit/);
    const stranger: MadeSeal = await makeSeal(2, 3);
    expect((await give(ann!, stranger.shares[1]!.words)).json().error.message).toMatch(/another seal/);
    expect((await t.db.select().from(sealKits)).every((k) => k.givenShareEnc === null)).toBe(true);

    const first = await give(ann!, kit(1));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ kitsGiven: 1, opened: false, canGive: false });
    expect(await letterAsRecipient(daughter!, f.owner.estateId!)).toEqual({ shared: SEALED_TEXT, thread: SEALED_TEXT });

    // the last two kits at once: the seal opens once
    const [second, third] = await Promise.all([give(ben!, kit(2)), give(daughter!, kit(0))]);
    expect([second.statusCode, third.statusCode]).toEqual([200, 200]);
    const opened = await t.db.select().from(auditLog).where(eq(auditLog.action, 'estate_seal.opened'));
    expect(opened.filter((a) => a.estateId === f.owner.estateId)).toHaveLength(1);
    const read = await letterAsRecipient(daughter!, f.owner.estateId!);
    expect(read.shared).toBe(`Dear one — ${f.marker}`);
    expect(read.thread).toBe(`Dear one — ${f.marker}`);
    // no one else reads it: another trustee has no such letter, and the administrator none either
    for (const other of [ann!, await sessionFor(t, f.administrator)]) {
      const res = await injectAs(t, other, 'GET', `/api/v1/shared/letters?estateId=${f.owner.estateId}`);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain(f.marker);
    }
  });
});
