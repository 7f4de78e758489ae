import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { auditLog } from '../../db/schema/system.ts';
import { insertDigitalAsset } from '../../../../test/factories/digital-assets.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { confirmIdentityAs, injectAs, sessionFor, useTwoOwners } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';

const { t, owner, ownerS, other, otherS } = useTwoOwners();

const SECRETS = { password: 'Tr0ub4dor&3', recoveryCodes: 'ab12-cd34\nef56-gh78', accessInstructions: 'The PIN is in the blue folder.' };

describe('digital assets', () => {
  it('starts empty for a new owner', async () => {
    const fresh = await insertUser(t.db);
    const res = await injectAs(t, await sessionFor(t, fresh), 'GET', '/api/v1/digital-assets');
    expect(res.json()).toEqual({ items: [], nextCursor: null, seal: null });
  });

  it('adds an asset with secrets encrypted at rest; lists never include them', async () => {
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/digital-assets', {
      name: 'Chase checking',
      institution: 'JPMorgan Chase',
      username: 'm.ellis52',
      platform: 'Online banking',
      url: 'https://chase.com',
      secrets: SECRETS,
    });
    expect(res.statusCode, res.body).toBe(201);
    const asset = res.json();
    expect(asset).toMatchObject({ name: 'Chase checking', institution: 'JPMorgan Chase', status: 'Active', hasSecrets: true, size: null });
    expect(JSON.stringify(asset)).not.toContain('Tr0ub4dor');

    const [row] = await t.db.select().from(digitalAssets).where(eq(digitalAssets.id, asset.id));
    expect(row!.secretsEnc).toBeTruthy();
    expect(row!.secretsEnc).not.toContain('Tr0ub4dor');
    expect(Buffer.from(row!.secretsEnc!, 'base64').includes(Buffer.from('Tr0ub4dor'))).toBe(false);

    const list = await injectAs(t, ownerS, 'GET', '/api/v1/digital-assets');
    expect(list.body).not.toContain('Tr0ub4dor');
    expect(list.body).not.toContain('blue folder');
    expect(list.json().items[0]).not.toHaveProperty('secrets');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'digital_asset.created'));
    expect(JSON.stringify(audit?.details)).not.toContain('Tr0ub4dor');
  });

  it('reveals secrets only on the explicit action, and audit-logs it', async () => {
    const asset = await insertDigitalAsset(t.app.deps, owner.estateId!, { name: 'Gmail', username: 'margaret.ellis@gmail.com', secrets: SECRETS });
    await confirmIdentityAs(t, ownerS, { password: owner.password });
    const res = await injectAs(t, ownerS, 'POST', `/api/v1/digital-assets/${asset.id}/reveal`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SECRETS);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'digital_asset.secret_revealed'), eq(auditLog.targetId, asset.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: owner.id, estateId: owner.estateId });
    expect(JSON.stringify(entries[0]!.details)).not.toContain('Tr0ub4dor');
  });

  it('edits fields and secrets: given keys replace, empty removes, missing keep, null clears all', async () => {
    const asset = await insertDigitalAsset(t.app.deps, owner.estateId!, { name: 'Dropbox', size: '2 TB', secrets: SECRETS });
    t.clock.set(new Date('2026-06-01T09:00:00Z'));
    const res = await injectAs(t, ownerS, 'PATCH', `/api/v1/digital-assets/${asset.id}`, { status: 'Inactive', username: 'me@example.com', secrets: { password: 'new-pass', recoveryCodes: '' } });
    expect(res.statusCode, res.body).toBe(200);
    await confirmIdentityAs(t, ownerS, { password: owner.password });
    expect(res.json()).toMatchObject({ name: 'Dropbox', status: 'Inactive', username: 'me@example.com', size: '2 TB', lastUpdated: '2026-06-01T09:00:00.000Z', hasSecrets: true });
    const revealed = (await injectAs(t, ownerS, 'POST', `/api/v1/digital-assets/${asset.id}/reveal`)).json();
    expect(revealed).toEqual({ password: 'new-pass', recoveryCodes: '', accessInstructions: SECRETS.accessInstructions });
    const cleared = await injectAs(t, ownerS, 'PATCH', `/api/v1/digital-assets/${asset.id}`, { secrets: null, size: '' });
    expect(cleared.json()).toMatchObject({ hasSecrets: false, size: null });
  });

  it('refuses bad input with 400', async () => {
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/digital-assets', { name: '', url: 'javascript:alert(1)', status: 'Gone', secrets: { pin: '1' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(expect.arrayContaining(['name', 'url', 'status']));
  });

  it("answers 404 for another owner's asset on every route, and reveals nothing", async () => {
    const theirs = await insertDigitalAsset(t.app.deps, other.estateId!, { name: 'Their bank', secrets: { password: 'theirs' } });
    await confirmIdentityAs(t, ownerS, { password: owner.password });
    const responses = await Promise.all([
      injectAs(t, ownerS, 'PATCH', `/api/v1/digital-assets/${theirs.id}`, { name: 'Mine' }),
      injectAs(t, ownerS, 'DELETE', `/api/v1/digital-assets/${theirs.id}`),
      injectAs(t, ownerS, 'POST', `/api/v1/digital-assets/${theirs.id}/reveal`),
      injectAs(t, ownerS, 'POST', `/api/v1/digital-assets/${randomUUID()}/reveal`),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect(responses[2]!.body).not.toContain('theirs');
    const list = (await injectAs(t, ownerS, 'GET', '/api/v1/digital-assets')).json();
    expect(list.items.some((a: { name: string }) => a.name === 'Their bank')).toBe(false);
    expect((await injectAs(t, otherS, 'GET', '/api/v1/digital-assets')).json().items[0].name).toBe('Their bank');
    const revealAudits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'digital_asset.secret_revealed'), eq(auditLog.targetId, theirs.id)));
    expect(revealAudits).toEqual([]);
  });

  it('deletes an asset', async () => {
    const asset = await insertDigitalAsset(t.app.deps, owner.estateId!, { name: 'Old MySpace' });
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/digital-assets/${asset.id}`)).statusCode).toBe(204);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/digital-assets/${asset.id}`)).statusCode).toBe(404);
  });

  it('lets only estate owners in', async () => {
    const beneficiary = await sessionFor(t, await insertUser(t.db, { roles: ['beneficiary'] }));
    expect((await injectAs(t, beneficiary, 'GET', '/api/v1/digital-assets')).statusCode).toBe(403);
  });
});

describe('digital assets paging', () => {
  it('walks every asset once in name order (same names too), refuses a bad cursor or page size, and shows only its own estate', async () => {
    const fresh = await insertUser(t.db);
    const session = await sessionFor(t, fresh);
    for (const name of ['Bank', 'Bank', 'Bank', 'Amazon', 'Photos', 'Zoom', 'Email']) await insertDigitalAsset(t.app.deps, fresh.estateId!, { name });
    const { items: seen, pages } = await walkPages<{ id: string; name: string }>(t, session, '/api/v1/digital-assets', 2, undefined, { maxPages: 10 });
    expect(pages).toBe(4);
    expect(seen.map((a) => a.name)).toEqual(['Amazon', 'Bank', 'Bank', 'Bank', 'Email', 'Photos', 'Zoom']);
    expect(new Set(seen.map((a) => a.id)).size).toBe(7);
    await expectPagingRefusals(t, session, '/api/v1/digital-assets', ['Bank']);
    const theirs = (await injectAs(t, ownerS, 'GET', '/api/v1/digital-assets?limit=100')).json() as { items: { id: string }[] };
    expect(theirs.items.some((a) => seen.some((s) => s.id === a.id))).toBe(false);
  });
});
