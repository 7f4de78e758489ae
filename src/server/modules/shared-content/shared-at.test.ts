/**
 * When a beneficiary could first see an item ("shared" on a card, "Recent activity" on the home):
 * its creation — or, for an item released after activation, the activation, when that came later.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estates } from '../../db/schema/estates.ts';
import { memories } from '../../db/schema/memories.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertFamily } from '../../../../test/factories/shared-content.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';

let t: TestApp;
let viewer: TestSession;
const activatedAt = new Date('2026-06-01T12:00:00.000Z');
const before = new Date('2026-01-10T09:30:00.000Z');
const after = new Date('2026-07-02T08:15:00.000Z');
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const family = await insertFamily(t.db);
  viewer = await sessionFor(t, family.viewer);
  // Active and fully released: after-activation items are visible.
  await t.db.update(estates).set({ status: 'active', activatedAt, releaseStepsDone: 9 }).where(eq(estates.id, family.estateId));
  const memory = async (title: string, release: 'now' | 'after_activation', createdAt: Date) => {
    const [row] = await t.db
      .insert(memories)
      .values({ estateId: family.estateId, title, date: '2020-01-01', type: 'letter', shareAll: true, release, createdAt, updatedAt: createdAt })
      .returning({ id: memories.id });
    ids[title] = row!.id;
  };
  await memory('now, before', 'now', before);
  await memory('held, before', 'after_activation', before);
  await memory('held, after', 'after_activation', after);
  ids['doc held, before'] = (await insertDocument(t.app.deps, family.estateId, { shareAll: true, release: 'after_activation', createdAt: before })).id;
  ids['doc now, before'] = (await insertDocument(t.app.deps, family.estateId, { shareAll: true, release: 'now', createdAt: before })).id;
}, 60_000);
afterAll(async () => t.close());

const expected = (): Record<string, string> => ({
  [ids['now, before']!]: before.toISOString(),
  [ids['held, before']!]: activatedAt.toISOString(),
  [ids['held, after']!]: after.toISOString(),
  [ids['doc held, before']!]: activatedAt.toISOString(),
  [ids['doc now, before']!]: before.toISOString(),
});

describe('when an item was shared', () => {
  it('is its creation, or the activation that released it when that came later, on the cards and in recent activity', async () => {
    const memoryPage = (await injectAs(t, viewer, 'GET', '/api/v1/shared/memories')).json() as { items: { id: string; sharedAt: string }[] };
    const documentPage = (await injectAs(t, viewer, 'GET', '/api/v1/shared/documents')).json() as { items: { id: string; date: string }[] };
    const home = (await injectAs(t, viewer, 'GET', '/api/v1/shared/home')).json() as { activity: { id: string; at: string }[] };
    const want = expected();
    const cards = Object.fromEntries([...memoryPage.items.map((m) => [m.id, m.sharedAt]), ...documentPage.items.map((d) => [d.id, d.date])]);
    expect(cards).toEqual(want);
    expect(Object.fromEntries(home.activity.map((a) => [a.id, a.at]))).toEqual(want);
    // Newest shared first.
    expect(home.activity.map((a) => a.at)).toEqual(Object.values(want).sort().reverse());
  });
});
