import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Page = { items: { id: string; name: string }[]; nextCursor: string | null };

describe('the estate administrator’s beneficiaries, paged', () => {
  it('the detail carries the first page and the count; the rest come after its cursor, each once, in name order (same names too)', async () => {
    const f = await insertEstateWithTeam(t.db);
    const adminS = await sessionFor(t, f.administrator);
    // 29 more beside the team's own beneficiary: two pages of 25, with three of the same name across the page break
    for (let i = 0; i < 26; i++) await insertBeneficiary(t.db, f.owner.estateId!, { firstName: 'Ann', lastName: `Row ${String(i).padStart(2, '0')}` });
    for (let i = 0; i < 3; i++) await insertBeneficiary(t.db, f.owner.estateId!, { firstName: 'Zed', lastName: 'Same' });
    const outsider = await insertEstateWithTeam(t.db);

    const detail = await injectAs(t, adminS, 'GET', `/api/v1/estate-admin/estates/${f.owner.estateId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json() as { beneficiaries: number; beneficiaryList: Page };
    expect(body.beneficiaries).toBe(30);
    expect(body.beneficiaryList.items).toHaveLength(25);
    expect(body.beneficiaryList.nextCursor).toBeTruthy();

    const url = `/api/v1/estate-admin/estates/${f.owner.estateId}/beneficiaries`;
    const rest = await walkPages<Page['items'][number]>(t, adminS, url, 2, undefined, { startCursor: body.beneficiaryList.nextCursor!, maxPages: 10 });
    expect(rest.pages).toBe(3);
    const seen = [...body.beneficiaryList.items, ...rest.items];
    expect(new Set(seen.map((b) => b.id)).size).toBe(30);
    // the names this test chose (the team's own beneficiary has a random one, placed by the database's collation)
    const ours = seen.map((b) => b.name).filter((n) => n.startsWith('Ann Row') || n === 'Zed Same');
    expect(ours).toEqual([...Array.from({ length: 26 }, (_, i) => `Ann Row ${String(i).padStart(2, '0')}`), 'Zed Same', 'Zed Same', 'Zed Same']);
    expect(seen.some((b) => b.id === outsider.beneficiary.id)).toBe(false);
  });

  it('refuses bad paging with 400, another estate’s administrator with 404, and the owner with 403', async () => {
    const f = await insertEstateWithTeam(t.db);
    const adminS = await sessionFor(t, f.administrator);
    const url = `/api/v1/estate-admin/estates/${f.owner.estateId}/beneficiaries`;
    await expectPagingRefusals(t, adminS, url, ['Ann'], { also: ['extra=1'] });
    expect((await injectAs(t, adminS, 'GET', `${url}?limit=5`)).json().items).toHaveLength(1);
    const outsider = await insertEstateWithTeam(t.db);
    expect((await injectAs(t, await sessionFor(t, outsider.administrator), 'GET', url)).statusCode).toBe(404);
    expect((await injectAs(t, await sessionFor(t, f.owner), 'GET', url)).statusCode).toBe(403);
  });
});
