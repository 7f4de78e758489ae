import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUESTBOOK_THANKS } from '../../../core/memorial.schemas.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { estateExecutors } from '../../db/schema/executors.ts';
import { memories, memoryMedia } from '../../db/schema/memories.ts';
import { memorialMessages, memorials } from '../../db/schema/settlement.ts';
import { auditLog } from '../../db/schema/system.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { makePhoto } from '../../../../test/factories/files.ts';
import { activateThroughApi, insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const SCRIPT = '<script>alert("x")</script> We miss you, Margaret.';

/** Margaret Ellis's estate: son Tom executor, daughter following (digital legacy), a nephew without the flag, two photos in her memories, neither shared with anyone. */
async function family() {
  const f = await insertEstateWithTeam(t.db, { name: 'Margaret Ellis' });
  const estateId = f.owner.estateId!;
  await t.db.update(beneficiaries).set({ accessDigitalLegacy: true }).where(eq(beneficiaries.id, f.beneficiary.id));
  const son = await insertUser(t.db, { roles: ['beneficiary'], name: 'Tom Ellis' });
  await insertBeneficiary(t.db, estateId, { userId: son.id, email: son.email, relationship: 'Son' });
  const nephew = await insertUser(t.db, { roles: ['beneficiary'] });
  await insertBeneficiary(t.db, estateId, { userId: nephew.id, email: nephew.email, relationship: 'Nephew', accessDigitalLegacy: false });
  await t.db.insert(estateExecutors).values({ estateId, position: 'executor', userId: son.id, namedAt: t.clock.now() });
  await insertMemory(t.app.deps, estateId, { title: 'The garden', photos: [{ bytes: await makePhoto('#15803d', 96, 64), name: 'garden.jpg' }] });
  await insertMemory(t.app.deps, estateId, { title: 'My private diary', photos: [{ bytes: await makePhoto('#7f1d1d', 96, 64), name: 'diary.jpg' }] });
  const photos = await t.db.select({ id: memoryMedia.id, title: memories.title }).from(memoryMedia).innerJoin(memories, eq(memories.id, memoryMedia.memoryId)).where(eq(memories.estateId, estateId));
  const photoOf = (title: string) => photos.find((p) => p.title === title)!.id;
  const stranger = await insertUser(t.db, { roles: ['beneficiary'] });
  return {
    ...f,
    estateId,
    url: `/api/v1/estates/${estateId}/memorial`,
    ownerS: await sessionFor(t, f.owner),
    sonId: son.id,
    sonS: await sessionFor(t, son),
    daughterS: await sessionFor(t, f.reporter),
    nephewS: await sessionFor(t, nephew),
    adminS: await sessionFor(t, f.administrator),
    strangerS: await sessionFor(t, stranger),
    gardenPhotoId: photoOf('The garden'),
    diaryPhotoId: photoOf('My private diary'),
  };
}

let ip = 0;
/** A visitor nobody knows, from an address of their own (the guestbook's rate limit counts by address). */
const anonymous = (method: 'GET' | 'POST', url: string, payload?: object) => new Browser(t, `10.9.0.${++ip}`).call(method, url, payload);

describe('the memorial', () => {
  it('the owner drafts it while planning; nothing is published by itself and nobody else sees the draft', async () => {
    const f = await family();
    const empty = await injectAs(t, f.ownerS, 'GET', f.url);
    expect(empty.json()).toMatchObject({ mode: 'owner', status: 'draft', body: '', path: null });
    // while planning she chooses among all her photos, those she shared with nobody too
    expect(empty.json().photoChoices.map((c: { title: string }) => c.title).sort()).toEqual(['My private diary', 'The garden']);
    const photoId = f.gardenPhotoId;
    const saved = await injectAs(t, f.ownerS, 'PUT', f.url, { body: 'Margaret loved her garden.\n\nAnd all of you.', wishes: 'Wear something green.', donationUrl: 'https://www.rhs.org.uk/donate', photoMediaId: photoId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ body: 'Margaret loved her garden.\n\nAnd all of you.', donationUrl: 'https://www.rhs.org.uk/donate', photo: { mediaId: photoId, title: 'The garden' } });

    for (const [body, field] of [
      [{ donationUrl: 'javascript:alert(1)' }, 'donationUrl'],
      [{ body: 'x'.repeat(6001) }, 'body'],
      [{ photoMediaId: 'not-an-id' }, 'photoMediaId'],
    ] as const) {
      const res = await injectAs(t, f.ownerS, 'PUT', f.url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    // another estate's photo is not one of hers
    const g = await family();
    expect((await injectAs(t, f.ownerS, 'PUT', f.url, { photoMediaId: (await injectAs(t, g.ownerS, 'GET', g.url)).json().photoChoices[0].mediaId })).statusCode).toBe(400);
    for (const action of ['publish', 'new-link']) expect((await injectAs(t, f.ownerS, 'POST', `${f.url}/${action}`, { audience: 'link' })).statusCode, action).toBe(409);
    expect((await injectAs(t, f.ownerS, 'GET', f.url)).json()).toMatchObject({ status: 'draft', donationUrl: 'https://www.rhs.org.uk/donate' });
    for (const s of [f.sonS, f.daughterS, f.adminS, f.strangerS]) expect((await injectAs(t, s, 'GET', f.url)).statusCode).toBe(404);
  });

  it('after activation the executor publishes it to the family, then to anyone with the link; others are turned away', async () => {
    const f = await family();
    await injectAs(t, f.ownerS, 'PUT', f.url, { body: 'Margaret loved her garden.', photoMediaId: f.gardenPhotoId });
    await activateThroughApi(t, f);
    expect((await injectAs(t, f.ownerS, 'PUT', f.url, { body: 'Changed after death' })).statusCode).toBe(409);
    expect((await injectAs(t, f.daughterS, 'GET', f.url)).statusCode).toBe(404); // a follower sees nothing of a draft
    expect((await injectAs(t, f.daughterS, 'POST', `${f.url}/publish`, { audience: 'link' })).statusCode).toBe(403);
    const review = await injectAs(t, f.sonS, 'GET', f.url);
    expect(review.json()).toMatchObject({ mode: 'work', status: 'draft', body: 'Margaret loved her garden.' });
    const never = await injectAs(t, f.sonS, 'POST', `${f.url}/new-link`);
    expect([never.statusCode, never.json().error.message]).toEqual([409, 'The memorial has no link yet: it gets one when it is first published.']);

    const published = await injectAs(t, f.sonS, 'POST', `${f.url}/publish`, { audience: 'family' });
    expect(published.statusCode, published.body).toBe(200);
    const { path } = published.json() as { path: string };
    expect(published.json()).toMatchObject({ status: 'published', audience: 'family', published: { byName: 'Tom Ellis' } });
    const page = `/api/v1/memorials/${path.split('/').pop()}`;

    // family-only: signed-in family members (any beneficiary with an account, the administrator); not a stranger, not anonymous
    for (const s of [f.nephewS, f.daughterS, f.adminS]) expect((await injectAs(t, s, 'GET', page)).statusCode).toBe(200);
    expect((await injectAs(t, f.strangerS, 'GET', page)).statusCode).toBe(404);
    expect((await anonymous('GET', page)).statusCode).toBe(404);
    expect((await anonymous('GET', `${page}/photo`)).statusCode).toBe(404);
    expect((await injectAs(t, f.daughterS, 'GET', f.url)).json()).toMatchObject({ mode: 'read', path });

    await injectAs(t, f.sonS, 'POST', `${f.url}/publish`, { audience: 'link' });
    const visitor = await anonymous('GET', page);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    expect(visitor.json()).toMatchObject({ ownerName: 'Margaret Ellis', body: 'Margaret loved her garden.', audience: 'link', photoTitle: 'The garden', messages: [] });
    const photo = await anonymous('GET', visitor.json().photoUrl);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    // an unknown or malformed link
    expect((await anonymous('GET', `/api/v1/memorials/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await anonymous('GET', '/api/v1/memorials/short')).statusCode).toBe(400);

    // unpublished: gone for everyone; published again, the same link works
    expect((await injectAs(t, f.adminS, 'POST', `${f.url}/unpublish`)).json()).toMatchObject({ status: 'draft', path });
    expect((await anonymous('GET', page)).statusCode).toBe(404);
    expect((await injectAs(t, f.adminS, 'POST', `${f.url}/unpublish`)).statusCode).toBe(409);
    expect((await injectAs(t, f.sonS, 'POST', `${f.url}/publish`, { audience: 'link' })).json()).toMatchObject({ path });
    expect((await anonymous('GET', page)).statusCode).toBe(200);

    // a link that reached someone it should not have: a new one (only those who publish it; the owner's estate is frozen), and the old one leads nowhere at once
    for (const [s, status] of [[f.daughterS, 403], [f.nephewS, 404], [f.strangerS, 404], [f.ownerS, 409]] as const) {
      expect((await injectAs(t, s, 'POST', `${f.url}/new-link`)).statusCode).toBe(status);
    }
    const renewed = await injectAs(t, f.sonS, 'POST', `${f.url}/new-link`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const next = renewed.json().path as string;
    expect(renewed.json()).toMatchObject({ status: 'published', audience: 'link' });
    expect(next).not.toBe(path);
    const nextPage = `/api/v1/memorials/${next.split('/').pop()}`;
    for (const url of [page, `${page}/photo`]) expect((await anonymous('GET', url)).statusCode, url).toBe(404);
    expect((await anonymous('POST', `${page}/messages`, { name: 'Ann', message: 'Hello' })).statusCode).toBe(404);
    for (const url of [nextPage, `${nextPage}/photo`]) expect((await anonymous('GET', url)).statusCode, url).toBe(200);
    const [renewal] = await t.db.select().from(auditLog).where(and(eq(auditLog.estateId, f.estateId), eq(auditLog.action, 'memorial.link_renewed')));
    expect(renewal).toMatchObject({ actorUserId: f.sonId, targetId: f.estateId });
    // unpublished, it can be given a new link before it is published again
    await injectAs(t, f.adminS, 'POST', `${f.url}/unpublish`);
    const last = (await injectAs(t, f.adminS, 'POST', `${f.url}/new-link`)).json().path as string;
    expect((await injectAs(t, f.sonS, 'POST', `${f.url}/publish`, { audience: 'link' })).json()).toMatchObject({ path: last });
    expect((await anonymous('GET', nextPage)).statusCode).toBe(404);
  });

  it('shows only the photo the owner chose: after activation it can be removed and put back, never swapped for one she shared with nobody', async () => {
    const f = await family();
    await injectAs(t, f.ownerS, 'PUT', f.url, { body: 'Margaret loved her garden.', photoMediaId: f.gardenPhotoId });
    await activateThroughApi(t, f);
    const garden = { mediaId: f.gardenPhotoId, title: 'The garden' };
    for (const s of [f.sonS, f.adminS]) {
      const view = await injectAs(t, s, 'GET', f.url);
      expect(view.json().photoChoices).toEqual([garden]);
      expect(view.body).not.toContain('My private diary');
      const swap = await injectAs(t, s, 'PUT', f.url, { photoMediaId: f.diaryPhotoId });
      expect(swap.statusCode).toBe(400);
      expect(swap.json().error.message).toBe('The memorial can show only the photo Margaret Ellis chose for it: you may remove that photo, not choose another.');
    }
    const removed = (await injectAs(t, f.sonS, 'PUT', f.url, { photoMediaId: null })).json();
    expect(removed).toMatchObject({ photo: null, photoChoices: [garden] });
    expect((await injectAs(t, f.adminS, 'PUT', f.url, { photoMediaId: f.gardenPhotoId })).json()).toMatchObject({ photo: garden });
    const { path } = (await injectAs(t, f.sonS, 'POST', `${f.url}/publish`, { audience: 'link' })).json() as { path: string };
    const page = `/api/v1/memorials/${path.split('/').pop()}`;
    expect((await anonymous('GET', page)).json()).toMatchObject({ photoTitle: 'The garden' });
    const shown = await anonymous('GET', `${page}/photo`);
    expect(shown.statusCode).toBe(200);

    // a photo someone else set, as could happen before this rule: never served, nor named
    await t.db.update(memorials).set({ photoMediaId: f.diaryPhotoId }).where(eq(memorials.estateId, f.estateId));
    expect((await anonymous('GET', page)).json()).toMatchObject({ photoUrl: null, photoTitle: null });
    expect((await anonymous('GET', `${page}/photo`)).statusCode).toBe(404);
    expect((await injectAs(t, f.sonS, 'GET', `${f.url}/photo`)).statusCode).toBe(404);
    const managed = await injectAs(t, f.sonS, 'GET', f.url);
    expect(managed.json()).toMatchObject({ photo: null, photoChoices: [garden] });
    expect(managed.body).not.toContain('My private diary');
  });

  it('a guestbook message waits for approval and is kept and shown as the text it is', async () => {
    const f = await family();
    await injectAs(t, f.ownerS, 'PUT', f.url, { body: 'In memory.' });
    await activateThroughApi(t, f);
    const { path } = (await injectAs(t, f.sonS, 'POST', `${f.url}/publish`, { audience: 'link' })).json() as { path: string };
    const page = `/api/v1/memorials/${path.split('/').pop()}`;

    for (const body of [{ name: '', message: 'Hello' }, { name: 'Ann', message: '   ' }, { name: 'Ann', message: 'x'.repeat(2001) }, { name: 'Ann' }]) {
      expect((await anonymous('POST', `${page}/messages`, body)).statusCode).toBe(400);
    }
    const left = await anonymous('POST', `${page}/messages`, { name: 'Ann Ellis', message: SCRIPT });
    expect(left.statusCode, left.body).toBe(202);
    expect(left.json()).toEqual({ message: GUESTBOOK_THANKS });
    expect(await t.db.select({ body: memorialMessages.body }).from(memorialMessages).where(eq(memorialMessages.estateId, f.estateId))).toEqual([{ body: SCRIPT }]);
    expect((await anonymous('GET', page)).json().messages).toEqual([]);
    expect((await injectAs(t, f.sonS, 'GET', f.url)).json().pending).toBe(1);

    const queue = await injectAs(t, f.sonS, 'GET', `${f.url}/messages`);
    expect(queue.json().items).toMatchObject([{ authorName: 'Ann Ellis', body: SCRIPT, status: 'pending' }]);
    const id = queue.json().items[0].id;
    expect((await injectAs(t, f.daughterS, 'POST', `${f.url}/messages/${id}/approve`)).statusCode).toBe(403);
    expect((await injectAs(t, f.daughterS, 'GET', `${f.url}/messages`)).statusCode).toBe(403);
    const g = await family();
    expect((await injectAs(t, g.ownerS, 'POST', `${g.url}/messages/${id}/approve`)).statusCode).toBe(409); // the owner, planning, reviews nothing
    expect((await injectAs(t, f.sonS, 'POST', `${f.url}/messages/${id}/approve`)).json()).toMatchObject({ status: 'approved' });
    expect((await injectAs(t, f.adminS, 'POST', `${f.url}/messages/${id}/approve`)).statusCode).toBe(409);
    const shown = (await anonymous('GET', page)).json();
    expect(shown.messages).toMatchObject([{ authorName: 'Ann Ellis', body: SCRIPT }]);

    // two reviewers at the same moment: one decides, the other is told
    await anonymous('POST', `${page}/messages`, { name: 'Bob', message: 'Thinking of you all.' });
    const second = (await injectAs(t, f.sonS, 'GET', `${f.url}/messages`)).json().items[0].id;
    const answers = await Promise.all([injectAs(t, f.sonS, 'POST', `${f.url}/messages/${second}/reject`), injectAs(t, f.adminS, 'POST', `${f.url}/messages/${second}/reject`)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await anonymous('GET', page)).json().messages).toHaveLength(1);

    // one address sends at most 5 a minute
    const busy = new Browser(t, '10.9.1.1');
    const sent = [];
    for (let i = 0; i < 6; i++) sent.push((await busy.call('POST', `${page}/messages`, { name: 'Spam', message: `Again ${i}` })).statusCode);
    expect(sent).toEqual([202, 202, 202, 202, 202, 429]);

    await injectAs(t, f.sonS, 'POST', `${f.url}/unpublish`);
    expect((await anonymous('POST', `${page}/messages`, { name: 'Cy', message: 'Late' })).statusCode).toBe(404);
  });
});
