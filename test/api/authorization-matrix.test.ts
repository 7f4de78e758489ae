import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Permission } from '../../src/core/permissions.ts';
import { makePdf, makePhoto, multipartBody } from '../factories/files.ts';
import { buildTestApp, injectAs, type TestApp } from '../helpers.ts';
import { MATRIX, type MatrixEntry } from './authorization-matrix.ts';
import { operationsOf, sampleOf, type Operation } from './openapi.ts';
import { buildWorlds, ROLE_OF, WHO, type Person, type Who, type Worlds } from './worlds.ts';

/**
 * Every guarded route × anonymous, each role in world X (the demo seed) and each role in world Y
 * (another estate), with the path naming world X's real objects. A 2xx to anyone the route is not
 * for, or any answer to world Y holding world X's ids or names, is a leak; world X's own view must
 * not change while the others try. See ADR 0080.
 */
type Route = { method: string; url: string; permission: Permission | null };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let t: TestApp;
let w: Worlds;
let routes: Route[];
const operations = new Map<string, Operation>();
const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorlds(t);
  routes = t.app.guardedRoutes;
  for (const op of await operationsOf(t)) operations.set(keyOf(op), op);
}, 120_000);
afterAll(async () => t.close());

const ENTITY_USERS: Partial<Record<string, Who[]>> = {
  memory: ['owner'],
  document: ['owner'],
  'digital-asset': ['owner'],
  file: ['owner'],
  beneficiary: ['owner'],
  'support-team': ['owner'],
  task: ['owner'],
  'future-message': ['owner'],
  estate: ['owner'],
  'loved-one': ['planner'],
  'planner-task': ['planner'],
  'shared-content': ['beneficiary'],
  playbook: ['beneficiary', 'administrator'],
  settlement: ['beneficiary', 'administrator'],
  verification: ['administrator'],
  alert: ['administrator'],
  report: ['administrator'],
};

// a route missing from the matrix fails the first test by name; the others go on without it
const entryOf = (route: Route): MatrixEntry => MATRIX[keyOf(route)] ?? {};
const holds = (who: Who, route: Route) => route.permission !== null && can([ROLE_OF[who]], route.permission);
const hasIds = (route: Route) => route.url.includes(':');

/** Who in world X the route is for: its `ok`, else by the permission's entity when the path names an object, else every holder. */
function okInX(route: Route): Who[] {
  const entry = entryOf(route);
  if (entry.ok) return entry.ok;
  const holders = WHO.filter((who) => holds(who, route));
  if (!hasIds(route)) return holders;
  const [, entity, scope] = route.permission!.split(':');
  if (scope === 'any') return ['admin'];
  const users = ENTITY_USERS[entity!];
  if (!users) throw new Error(`${keyOf(route)}: say in the matrix who in world X may use it (ok)`);
  return users;
}

/** The path with world X's ids, and the query parameters the route requires, as a client would fill them. */
function urlOf(route: Route): string {
  const ids = entryOf(route).ids ?? {};
  const required = (operations.get(keyOf(route))?.parameters ?? []).filter((p) => p.in === 'query' && p.required);
  const query = required.length ? `?${new URLSearchParams(required.map((p) => [p.name, String(sampleOf(p.schema))])).toString()}` : '';
  return route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const ref = ids[name];
    if (!ref) throw new Error(`${keyOf(route)}: the matrix names no id for :${name}`);
    if (ref === '=random') return randomUUID();
    if (ref.startsWith('=')) return ref.slice(1);
    const id = w.ids[ref];
    if (!id) throw new Error(`${keyOf(route)}: world X has no id called ${ref}`);
    return id;
  }).concat(query);
}

/** A matrix body with each `@name` string replaced by world X's id of that name. */
const withIds = (body: unknown): unknown =>
  JSON.parse(JSON.stringify(body), (_, value: unknown) => (typeof value === 'string' && value.startsWith('@') ? (w.ids[value.slice(1)] ?? value) : value));

let photo: Buffer;
let pdf: Buffer;
function send(person: Person | null, route: Route): Promise<LightMyRequestResponse> {
  const entry = entryOf(route);
  const method = route.method as Method;
  if (method === 'GET') return injectAs(t, person?.session ?? null, method, urlOf(route));
  if (entry.upload) {
    const form = multipartBody([{ name: entry.upload, filename: entry.upload === 'photo' ? 'garden.jpg' : 'will.pdf', data: entry.upload === 'photo' ? photo : pdf, contentType: entry.upload === 'photo' ? 'image/jpeg' : 'application/pdf' }]);
    return injectAs(t, person?.session ?? null, method, urlOf(route), form.payload, { headers: form.headers });
  }
  const body = entry.body ? withIds(entry.body) : (sampleOf(operations.get(keyOf(route))?.body ?? undefined) ?? {});
  return injectAs(t, person?.session ?? null, method, urlOf(route), body as object);
}

const routeOf = (label: string): Route => {
  const [, method, url] = label.split(' ');
  return routes.find((r) => r.method === method && r.url === url)!;
};
/** Where two answers part, with a little of each around it. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `${a.slice(Math.max(0, i - 60), i + 60)} ≠ ${b.slice(Math.max(0, i - 60), i + 60)}`;
}
const ok2xx = (status: number) => status >= 200 && status < 300;
const people = (world: 'x' | 'y') => WHO.map((who) => ({ world, person: w[world][who] }));

describe('the authorization matrix', () => {
  const counts = { pairs: 0, leaks: 0, serverErrors: 0, ownReads: 0, ownWrites: 0, ownWritesAnswered2xx: 0 };
  const leaks: string[] = [];
  /** what everyone else got on paths naming world X's objects: a 400 there means validation answered before the ownership check */
  const othersByStatus: Record<number, number> = {};
  const serverErrors: string[] = [];
  const note = (label: string, res: LightMyRequestResponse) => {
    counts.pairs++;
    if (res.statusCode >= 500) serverErrors.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
  };

  it('has an entry for every route the server guards, and none for a route that is gone', () => {
    const missing = routes.filter((r) => !MATRIX[keyOf(r)]).map(keyOf);
    expect(missing, `add these routes to test/api/authorization-matrix.ts (the matrix): ${missing.join(', ')}`).toEqual([]);
    const known = new Set(routes.map(keyOf));
    expect(Object.keys(MATRIX).filter((k) => !known.has(k)), 'remove these from the matrix: the server no longer has them').toEqual([]);
    for (const route of routes) if (entryOf(route).public) expect(route.permission, keyOf(route)).toBeNull();
  });

  it('answers 401 to anonymous callers and 403 to every role the permission does not grant', async () => {
    photo = await makePhoto();
    pdf = makePdf('Last will');
    for (const route of routes) {
      if (!route.permission) continue;
      const anon = await send(null, route);
      note(`anonymous ${keyOf(route)}`, anon);
      expect(anon.statusCode, `anonymous ${keyOf(route)}`).toBe(401);
      for (const { world, person } of [...people('x'), ...people('y')]) {
        if (holds(person.who, route)) continue;
        const res = await send(person, route);
        note(`${world}:${person.who} ${keyOf(route)}`, res);
        expect(res.statusCode, `${world}:${person.who} ${keyOf(route)}`).toBe(403);
      }
    }
  }, 120_000);

  let before = new Map<string, string>();
  const refusedOwn: string[] = [];
  const ownReads = async (again = false) => {
    const seen = new Map<string, string>();
    for (const route of routes.filter((r) => r.method === 'GET' && r.permission && !(again && entryOf(r).volatile))) {
      for (const who of okInX(route)) {
        const res = await send(w.x[who], route);
        const label = `x:${who} ${keyOf(route)}`;
        if (!entryOf(route).stateful && res.statusCode !== 200) refusedOwn.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        // when someone was last active moves as world X's own people try the others' routes
        seen.set(label, `${res.statusCode} ${res.body.replace(/"last(Active|Seen)[A-Za-z]*":"[^"]*"/g, '"$1":…')}`);
      }
    }
    return seen;
  };

  it('lets world X read its own objects (so the ids the others try are real)', async () => {
    before = await ownReads();
    counts.ownReads = before.size;
    counts.pairs += before.size;
    expect(refusedOwn, 'world X refused its own reads').toEqual([]);
    expect(before.size).toBeGreaterThan(80);
  }, 120_000);

  it('never lets anyone else through to world X’s objects, and never shows world Y anything of world X', async () => {
    for (const route of routes) {
      if (!route.permission) continue;
      const entry = entryOf(route);
      const xOk = okInX(route);
      for (const { world, person } of [...people('x'), ...people('y')]) {
        if (!holds(person.who, route)) continue;
        if (world === 'x' && xOk.includes(person.who)) continue;
        const platformWide = person.who === 'admin' && route.permission.endsWith(':any');
        // another platform admin acts on the same platform: its writes are world X's admin's, sent in the own phase
        if (platformWide && route.method !== 'GET') continue;
        const label = `${world}:${person.who} ${keyOf(route)}`;
        const res = await send(person, route);
        note(label, res);
        if (hasIds(route)) othersByStatus[res.statusCode] = (othersByStatus[res.statusCode] ?? 0) + 1;
        const allowed = platformWide || entry.everyone || !hasIds(route);
        if (!allowed && ok2xx(res.statusCode)) leaks.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (world === 'y' && !platformWide) {
          const shown = w.markers.find((m) => res.body.includes(m));
          if (shown) leaks.push(`${label} → ${res.statusCode} shows world X's "${shown}"`);
        }
      }
    }
    counts.leaks = leaks.length;
    expect(leaks, 'leaks').toEqual([]);
  }, 120_000);

  it('leaves world X exactly as it was after the others tried everything', async () => {
    const after = await ownReads(true);
    const changed = [...before]
      .filter(([label, answer]) => after.get(label) !== answer && !entryOf(routeOf(label)).volatile)
      .map(([label, answer]) => `${label}: ${firstDifference(answer, after.get(label) ?? '')}`);
    expect(changed, 'world X changed while only others acted').toEqual([]);
  }, 120_000);

  it('lets world X’s own people write (authorised: no 401, 403 or 5xx), with the session-ending calls last', async () => {
    refusedOwn.length = 0;
    const unsafe = routes.filter((r) => r.method !== 'GET' && r.permission);
    const order = (r: Route) => (entryOf(r).last ? 2 : r.method === 'DELETE' ? 1 : 0);
    for (const route of [...unsafe].sort((a, b) => order(a) - order(b))) {
      for (const who of okInX(route)) {
        const res = await send(w.x[who], route);
        const label = `x:${who} ${keyOf(route)}`;
        note(label, res);
        counts.ownWrites++;
        if (ok2xx(res.statusCode)) counts.ownWritesAnswered2xx++;
        if (!entryOf(route).stateful && (res.statusCode === 401 || res.statusCode === 403)) refusedOwn.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(refusedOwn, 'world X refused its own writes').toEqual([]);
  }, 120_000);

  it('answered no request with a 5xx, and prints its counts', () => {
    counts.serverErrors = serverErrors.length;
    console.log(`authorization matrix: ${routes.length} routes × ${1 + 2 * WHO.length} identities — ${JSON.stringify(counts)}; others on world X's ids, by status: ${JSON.stringify(othersByStatus)}`);
    expect(serverErrors).toEqual([]);
  });
});
