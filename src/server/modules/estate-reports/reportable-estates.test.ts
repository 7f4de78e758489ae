/**
 * GET /reportable-estates pages in the owner's name order (ADR 0063): every estate the caller may
 * report about comes once (owners of the same name too, an estate linked twice once), `estateId`
 * asks about one estate, estates the caller is not linked to never show, bad pages are 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeneficiary, insertSupportMember } from '../../../../test/factories/estates.ts';
import { insertOwner, insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const URL = '/api/v1/reportable-estates';
type Row = { estateId: string; ownerName: string; linkedAs: string };

describe('reportable estates: paged by owner name', () => {
  it('walks every linked estate once in name order, asks about one, refuses bad pages, shows nobody else’s', async () => {
    const me = await insertUser(t.db, { roles: ['beneficiary', 'legacy-planner'] });
    const linked: { estateId: string; name: string; linkedAs: string }[] = [];
    for (const [name, as] of [
      ['Ada Byron', 'beneficiary'],
      ['Ada Byron', 'member'],
      ['Ada Byron', 'both'],
      ['Zelda Fitz', 'beneficiary'],
      ['Charles Babbage', 'member'],
    ] as const) {
      const owner = await insertOwner(t.db, { name });
      if (as !== 'member') await insertBeneficiary(t.db, owner.estateId!, { userId: me.id, email: `${owner.id}.${me.email}`, relationship: 'Friend' });
      if (as !== 'beneficiary') await insertSupportMember(t.db, owner.estateId!, { role: 'legacy-planner', userId: me.id, name: me.name, email: me.email });
      linked.push({ estateId: owner.estateId!, name, linkedAs: as === 'member' ? 'Legacy Planner' : 'Friend' });
    }
    const notMine = await insertOwner(t.db, { name: 'Ada Byron' });
    await insertBeneficiary(t.db, notMine.estateId!, { relationship: 'Friend' });
    const s = await sessionFor(t, me);

    const walk = await walkPages<Row>(t, s, URL, 2);
    expect(walk.pages).toBe(3);
    const expected = [...linked].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.estateId.localeCompare(b.estateId)));
    expect(walk.items.map((r) => [r.estateId, r.ownerName, r.linkedAs])).toEqual(expected.map((e) => [e.estateId, e.name, e.linkedAs]));

    const one = await injectAs(t, s, 'GET', `${URL}?estateId=${linked[3]!.estateId}`);
    expect(one.json()).toMatchObject({ items: [{ estateId: linked[3]!.estateId, ownerName: 'Zelda Fitz' }], nextCursor: null });
    expect((await injectAs(t, s, 'GET', `${URL}?estateId=${notMine.estateId}`)).json()).toEqual({ items: [], nextCursor: null });

    await expectPagingRefusals(t, s, URL, ['Ada Byron', `${'x'.repeat(36)}|Ada Byron`]);
    expect((await injectAs(t, s, 'GET', `${URL}?estateId=nope`)).statusCode).toBe(400);
    // someone linked to nothing sees nothing; an estate owner without the permission is refused
    expect((await walkPages(t, await sessionFor(t, await insertUser(t.db, { roles: ['beneficiary'] })), URL, 100)).items).toEqual([]);
    expect((await injectAs(t, await sessionFor(t, notMine), 'GET', URL)).statusCode).toBe(403);
  });
});
