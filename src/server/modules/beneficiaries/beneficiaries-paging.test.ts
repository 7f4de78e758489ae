import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_BENEFICIARIES, MAX_SUPPORT_TEAM } from '../../../core/constants.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { buildBeneficiary, insertBeneficiary, insertSupportMember } from '../../../../test/factories/estates.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { injectAs, sessionFor, useTwoOwners } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';

const { t, ownerS, other } = useTwoOwners();

type Page = { items: { id: string; name: string }[]; nextCursor: string | null; total: number };

async function freshOwner() {
  const user = await insertUser(t.db);
  return { user, session: await sessionFor(t, user) };
}

describe('beneficiaries paging', () => {
  it('walks every beneficiary once in name order (same names too), with the server total on each page', async () => {
    const { user, session } = await freshOwner();
    const names: [string, string][] = [['Ada', 'Byron'], ['Ada', 'Byron'], ['Ada', 'Byron'], ['Zoe', 'Adams'], ['Ben', 'Cole'], ['Ada', 'Able'], ['Carl', 'Dunn']];
    for (const [firstName, lastName] of names) await insertBeneficiary(t.db, user.estateId!, { firstName, lastName });
    await insertBeneficiary(t.db, other.estateId!, { firstName: 'Ada', lastName: 'Byron' });

    const { items: seen, pages, bodies } = await walkPages<Page['items'][number], Page>(t, session, '/api/v1/beneficiaries', 2, undefined, { maxPages: 10 });
    for (const body of bodies) expect(body.total).toBe(7);
    expect(pages).toBe(4);
    expect(seen.map((b) => b.name)).toEqual(['Ada Able', 'Ada Byron', 'Ada Byron', 'Ada Byron', 'Ben Cole', 'Carl Dunn', 'Zoe Adams']);
    expect(new Set(seen.map((b) => b.id)).size).toBe(7);

    // the default page is 24; another estate's same-named beneficiary never appears
    const first = (await injectAs(t, session, 'GET', '/api/v1/beneficiaries')).json() as Page;
    expect(first.items.map((b) => b.id).sort()).toEqual(seen.map((b) => b.id).sort());
    expect(first.nextCursor).toBeNull();
  });

  it('refuses a bad page size or a cursor it did not write with 400 and words', async () => {
    await expectPagingRefusals(t, ownerS, '/api/v1/beneficiaries', ['Ada', 'not-a-uuid|Ada', `${randomUUID()}|Ada\u0000`], { also: ['sort=name'] });
  });

  it('is the owner’s list only: a beneficiary or an administrator gets 403', async () => {
    for (const role of ['beneficiary', 'estate-administrator'] as const) {
      const user = await insertUser(t.db, { roles: [role] });
      expect((await injectAs(t, await sessionFor(t, user), 'GET', '/api/v1/beneficiaries')).statusCode).toBe(403);
    }
  });

  it(`names at most ${MAX_BENEFICIARIES} beneficiaries: the next one is a 409 with words`, async () => {
    const { user, session } = await freshOwner();
    await t.db.insert(beneficiaries).values(Array.from({ length: MAX_BENEFICIARIES - 1 }, () => buildBeneficiary(user.estateId!)));
    const add = (n: number) => injectAs(t, session, 'POST', '/api/v1/beneficiaries', { firstName: 'Last', lastName: `One ${n}`, relationship: 'Child', email: `last.${n}.${Date.now()}@example.com` });
    expect((await add(1)).statusCode).toBe(201);
    const over = await add(2);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toContain(`${MAX_BENEFICIARIES} beneficiaries`);

    // The share pickers carry the whole (bounded) set: the last one added is there to share with.
    const memories = (await injectAs(t, session, 'GET', '/api/v1/memories')).json() as { beneficiaries: { name: string }[] };
    expect(memories.beneficiaries).toHaveLength(MAX_BENEFICIARIES);
    expect(memories.beneficiaries.some((b) => b.name === 'Last One 1')).toBe(true);
  });

  it('holds the cap against parallel adds: of four at once with room for two, exactly two land', async () => {
    const { user, session } = await freshOwner();
    await t.db.insert(beneficiaries).values(Array.from({ length: MAX_BENEFICIARIES - 2 }, () => buildBeneficiary(user.estateId!)));
    const stamp = Date.now();
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => injectAs(t, session, 'POST', '/api/v1/beneficiaries', { firstName: 'Race', lastName: `Runner ${n}`, relationship: 'Child', email: `race.${n}.${stamp}@example.com` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const page = (await injectAs(t, session, 'GET', '/api/v1/beneficiaries?limit=1')).json() as Page;
    expect(page.total).toBe(MAX_BENEFICIARIES);
  });

  it('the dashboard card shows the first 5 in name order and the server count of all', async () => {
    const { user, session } = await freshOwner();
    for (const firstName of ['Gus', 'Fay', 'Eve', 'Dan', 'Cat', 'Bob', 'Amy']) await insertBeneficiary(t.db, user.estateId!, { firstName, lastName: 'Lee' });
    const d = (await injectAs(t, session, 'GET', '/api/v1/dashboard')).json() as { beneficiaries: { name: string }[]; counts: { beneficiaries: number } };
    expect(d.beneficiaries.map((b) => b.name)).toEqual(['Amy Lee', 'Bob Lee', 'Cat Lee', 'Dan Lee', 'Eve Lee']);
    expect(d.counts.beneficiaries).toBe(7);
  });
});

describe('support team bound', () => {
  it(`holds at most ${MAX_SUPPORT_TEAM} people: the next invitation is a 409, the list shows them all`, async () => {
    const { user, session } = await freshOwner();
    for (let i = 0; i < MAX_SUPPORT_TEAM; i++) await insertSupportMember(t.db, user.estateId!, { role: i % 2 ? 'legacy-planner' : 'estate-administrator' });
    const over = await injectAs(t, session, 'POST', '/api/v1/support-team', { role: 'legacy-planner', name: 'One Too Many', email: `too.many.${Date.now()}@example.com` });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toContain(`${MAX_SUPPORT_TEAM} people`);
    const team = (await injectAs(t, session, 'GET', '/api/v1/support-team')).json() as { members: unknown[] };
    expect(team.members).toHaveLength(MAX_SUPPORT_TEAM);
    const d = (await injectAs(t, session, 'GET', '/api/v1/dashboard')).json() as { supportTeam: unknown[] };
    expect(d.supportTeam).toHaveLength(MAX_SUPPORT_TEAM);
  });

  it('holds the bound against parallel invitations: of three at once with room for one, exactly one lands', async () => {
    const { user, session } = await freshOwner();
    for (let i = 0; i < MAX_SUPPORT_TEAM - 1; i++) await insertSupportMember(t.db, user.estateId!, { role: 'legacy-planner' });
    const stamp = Date.now();
    const results = await Promise.all(
      [1, 2, 3].map((n) => injectAs(t, session, 'POST', '/api/v1/support-team', { role: 'legacy-planner', name: `Racer ${n}`, email: `racer.${n}.${stamp}@example.com` })),
    );
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode < 300)).toHaveLength(1);
    const team = (await injectAs(t, session, 'GET', '/api/v1/support-team')).json() as { members: unknown[] };
    expect(team.members).toHaveLength(MAX_SUPPORT_TEAM);
  });

  it('another owner’s team never appears, and the list stays the owner’s (403 for a beneficiary)', async () => {
    const theirs = await insertSupportMember(t.db, other.estateId!);
    const mine = (await injectAs(t, ownerS, 'GET', '/api/v1/support-team')).json() as { members: { id: string }[] };
    expect(mine.members.some((m) => m.id === theirs.id)).toBe(false);
    const b = await insertUser(t.db, { roles: ['beneficiary'] });
    expect((await injectAs(t, await sessionFor(t, b), 'GET', '/api/v1/support-team')).statusCode).toBe(403);
  });
});
