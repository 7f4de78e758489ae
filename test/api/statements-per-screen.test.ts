import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, STATEMENTS_BUDGET } from '../../bench/screens.ts';
import type { Role } from '../../src/core/roles.ts';
import { insertDocument } from '../factories/documents.ts';
import { insertBeneficiary } from '../factories/estates.ts';
import { insertEstateWithTeam } from '../factories/lifecycle.ts';
import { insertMemory } from '../factories/memories.ts';
import { insertClientOf, insertPlanner } from '../factories/planner-tools.ts';
import { insertUser } from '../factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../helpers.ts';

/**
 * Issue 26 / ADR 0096: every hot screen answers with the session check and at most two statements
 * more, whatever a later change adds to it (a new field read in a statement of its own fails here,
 * not only in `npm run bench`). The server counts what it sends (`statementsSent`, the metric
 * heirloom_db_statements_total); the fewest of five requests, so a job's poll falling between two
 * readings does not count.
 */
let t: TestApp;
const sessions = {} as Record<Role, TestSession>;
beforeAll(async () => {
  t = await buildTestApp();
  const family = await insertEstateWithTeam(t.db, { name: 'Margaret Ellis' });
  const estateId = family.owner.estateId!;
  for (const title of ['Garden party', 'Our first garden', 'Wedding day']) {
    await insertMemory(t.app.deps, estateId, { title, shareAll: true });
  }
  await insertDocument(t.app.deps, estateId, { title: 'Will', type: 'legal' });
  await insertBeneficiary(t.db, estateId, { relationship: 'Son' });
  const planner = await insertPlanner(t.db);
  await insertClientOf(t.db, planner);
  sessions['estate-owner'] = await sessionFor(t, family.owner);
  sessions.beneficiary = await sessionFor(t, family.reporter);
  sessions['estate-administrator'] = await sessionFor(t, family.administrator);
  sessions['legacy-planner'] = await sessionFor(t, planner);
  sessions.admin = await sessionFor(t, await insertUser(t.db, { roles: ['admin'] }));
});
afterAll(async () => t?.close());

/** The fewest statements one request of `path` sent, over five. */
async function statementsFor(session: TestSession, path: string): Promise<number> {
  let fewest = Infinity;
  for (let i = 0; i < 5; i++) {
    const before = t.app.deps.database.statementsSent();
    const res = await injectAs(t, session, 'GET', path);
    expect(res.statusCode, res.body).toBe(200);
    fewest = Math.min(fewest, t.app.deps.database.statementsSent() - before);
  }
  return fewest;
}

describe(`each hot screen sends at most ${STATEMENTS_BUDGET} statements (the session check + 2)`, () => {
  for (const screen of ENDPOINTS.filter((e) => e.role !== null)) {
    it(screen.name, async () => {
      const sent = await statementsFor(sessions[screen.role!], screen.path('garden'));
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThanOrEqual(STATEMENTS_BUDGET);
    });
  }
});
