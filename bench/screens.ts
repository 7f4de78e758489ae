import type { Role } from '../src/core/roles.ts';

/**
 * The hot screens issue 26 budgets, as their API is asked for them: the first page of each list (no
 * cursor, the default limit). The bench measures them; test/api/statements-per-screen.test.ts holds
 * each to its statement budget.
 */
export const ENDPOINTS: { name: string; role: Role | null; path: (searchTerm: string) => string }[] = [
  { name: 'owner dashboard', role: 'estate-owner', path: () => '/api/v1/dashboard' },
  { name: 'memories list', role: 'estate-owner', path: () => '/api/v1/memories' },
  { name: 'memory search', role: 'estate-owner', path: (q) => `/api/v1/memories?q=${encodeURIComponent(q)}` },
  { name: 'documents list', role: 'estate-owner', path: () => '/api/v1/documents' },
  { name: 'beneficiary home', role: 'beneficiary', path: () => '/api/v1/shared/home' },
  { name: 'shared memories', role: 'beneficiary', path: () => '/api/v1/shared/memories' },
  { name: 'estate admin: estates', role: 'estate-administrator', path: () => '/api/v1/estate-admin/estates' },
  { name: 'planner: loved ones', role: 'legacy-planner', path: () => '/api/v1/planner/loved-ones' },
  { name: 'admin: users', role: 'admin', path: () => '/api/v1/admin/users' },
  { name: 'admin: logs', role: 'admin', path: () => '/api/v1/admin/logs' },
  { name: 'health (no session)', role: null, path: () => '/api/health' },
];


/** Statements a hot screen may send per request: the session check and two more (a screen's reads in one round trip, ADR 0096). */
export const STATEMENTS_BUDGET = 3;
