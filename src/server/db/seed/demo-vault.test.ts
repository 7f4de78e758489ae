import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../schema/users.ts';
import { files } from '../schema/files.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { resetDemo, seedDemo } from './demo.ts';
import type { DemoIds } from './demo-users.ts';

let t: TestApp;
let ids: DemoIds;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.db, t.app.deps);
}, 120_000);
afterAll(async () => t.close());

describe('demo vault seed', () => {
  it("matches the wireframe's figures: documents 12 / 5 / 4 / 3, 8 digital assets, memories with photos and a story", async () => {
    const s = await sessionFor(t, { id: ids.ownerId });
    const docs = (await injectAs(t, s, 'GET', '/api/v1/documents')).json();
    expect(docs.counts).toMatchObject({ all: 12, legal: 5, financial: 4, personal: 3 });
    expect((await injectAs(t, s, 'GET', '/api/v1/digital-assets')).json().items).toHaveLength(8);
    const memories = (await injectAs(t, s, 'GET', '/api/v1/memories')).json().items as { previewUrl: string | null; mediaCounts: { story: number }; type: string }[];
    expect(memories.length).toBeGreaterThanOrEqual(4);
    expect(memories.filter((m) => m.previewUrl).length).toBeGreaterThanOrEqual(3);
    expect(memories.some((m) => m.mediaCounts.story > 0)).toBe(true);
    expect(new Set(memories.map((m) => m.type))).toEqual(new Set(['photo_album', 'audio', 'letter']));
    const preview = await injectAs(t, s, 'GET', memories.find((m) => m.previewUrl)!.previewUrl!);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    const pdf = await injectAs(t, s, 'GET', docs.items[1].file.url);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // the scans carry an OCR text layer, read at seed time: search finds words inside them
    const found = (await injectAs(t, s, 'GET', '/api/v1/documents?q=rose%20cuttings')).json().items;
    expect(found.map((d: { title: string }) => d.title)).toEqual(['Last Will and Testament']);
    expect(found[0].snippet).toContain('rose');
  });

  it("gives the demo estate administrator estates in every state, with pending proofs that are real PDFs; the demo family stays in planning", async () => {
    const s = await sessionFor(t, { id: ids.estateAdministratorId });
    const page = (await injectAs(t, s, 'GET', '/api/v1/estate-admin/estates')).json();
    const statuses = page.items.map((e: { status: string }) => e.status);
    expect(new Set(statuses)).toEqual(new Set(['planning', 'verification_pending', 'activation_pending', 'active']));
    expect(page.items.find((e: { id: string }) => e.id === ids.estateId).status).toBe('planning');
    const pending = (await injectAs(t, s, 'GET', '/api/v1/estate-admin/verifications?status=pending')).json();
    expect(pending.items.length).toBeGreaterThanOrEqual(3);
    const { url } = (await injectAs(t, s, 'POST', `/api/v1/estate-admin/verifications/${pending.items[0].id}/preview`)).json();
    expect((await injectAs(t, s, 'GET', url)).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await injectAs(t, s, 'GET', '/api/v1/estate-admin/alerts')).json().counts.unread).toBeGreaterThanOrEqual(3);
  });

  it('never reaches a report nobody may review: Robert Hayes, the family’s only estate administrator, is not offered as a trustee, and naming him is refused (ADR 0111)', async () => {
    const s = await sessionFor(t, { id: ids.ownerId });
    const card = (await injectAs(t, s, 'GET', '/api/v1/release-safeguards')).json() as { candidates: { userId: string }[]; warnings: string[] };
    expect(card.candidates.map((c) => c.userId)).not.toContain(ids.estateAdministratorId);
    expect(card.warnings).toEqual([expect.stringMatching(/^Robert Hayes is your only estate administrator/)]);
    const named = await injectAs(t, s, 'PUT', '/api/v1/release-safeguards/trustees', { userIds: [ids.estateAdministratorId] });
    expect(named.statusCode).toBe(400);
  });

  it('can be reset: the old demo estate and its files go, a fresh one comes', async () => {
    const old = await t.db.select().from(files).where(eq(files.estateId, ids.estateId));
    const fresh = await resetDemo(t.db, t.app.deps);
    expect(fresh.ownerId).not.toBe(ids.ownerId);
    expect(await t.db.select().from(users).where(eq(users.id, ids.ownerId))).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.estateId, ids.estateId))).toEqual([]);
    expect((await t.db.select().from(files).where(eq(files.estateId, fresh.estateId))).length).toBe(old.length);
    for (const row of old.slice(0, 3)) await expect(t.app.deps.files.get(row.storageKey)).rejects.toThrow();
  });
});
