/**
 * EXPLAIN ANALYZE of the platform-wide searches over accounts (name or email contains the text), as
 * the server builds them, on the large platform of `npm run bench:data`:
 * `npx tsx bench/explain/admin.ts > bench/explain/admin.md`. The admin's Users search, the Logs
 * search (an action, or an actor's name or email) and the estate administrator's estate search;
 * a common and a rare text each.
 */
import { listAuditLog } from '../../src/server/modules/admin-logs/list-audit-log.ts';
import { listUsers } from '../../src/server/modules/admin-users/list-users.ts';
import { listAdministeredEstates } from '../../src/server/modules/estate-administration/administered-estates.ts';
import { KNOWN, LARGE_DATABASE_URL } from '../known.ts';
import { explainer } from '../lib/explain.ts';

const { pool, explain, ctxFor, end } = explainer(process.env.DATABASE_URL ?? LARGE_DATABASE_URL);
const { rows } = await pool.query<{ admin: string; administrator: string; users: string; version: string }>(
  `SELECT (SELECT id FROM users WHERE email = $1) AS admin, (SELECT id FROM users WHERE email = $2) AS administrator,
          (SELECT count(*) FROM users)::text AS users, current_setting('server_version') AS version`,
  [KNOWN.admin, KNOWN.administrator],
);
const found = rows[0];
if (!found?.admin || !found.administrator) throw new Error('the bench accounts are not in the database: run npm run bench:data first');
const admin = ctxFor({ userId: found.admin, roles: ['admin'] });
const administrator = ctxFor({ userId: found.administrator, roles: ['estate-administrator'] });
// A surname many accounts share, and a text no account has.
const common = process.env.COMMON ?? 'smith';
const rare = process.env.RARE ?? 'zqxw';

console.log(`# Searches over accounts: EXPLAIN ANALYZE at the large size\n`);
console.log(`PostgreSQL ${found.version}; ${found.users} accounts (\`npm run bench:data\`). Produced by \`bench/explain/admin.ts\`. Timings are of one warm run.`);

for (const q of [common, rare]) {
  await explain(`admin Users search "${q}"`, () => listUsers(admin, { q }));
  await explain(`admin Logs search "${q}"`, () => listAuditLog(admin, { q }));
  await explain(`estate administrator's estates, search "${q}"`, () => listAdministeredEstates(administrator, { q }));
}
await end();
