import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_SETTINGS } from '../../../core/system-settings.schemas.ts';
import { DEFAULT_PASSWORD, insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, emailsTo, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { auditLog, systemSettings } from '../../db/schema/system.ts';
import { getSystemSettings, mergeSystemSettings } from '../../settings/get-system-settings.ts';

let t: TestApp;
let admin: InsertedUser;
let adminS: TestSession;
const URL = '/api/v1/admin/settings/general';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUser(t.db, { roles: ['admin'] });
  adminS = await sessionFor(t, admin);
});
afterAll(async () => t.close());

const save = (body: unknown, s: TestSession = adminS) => injectAs(t, s, 'PUT', URL, body);
const sessionName = async () => ((await injectAs(t, null, 'GET', '/api/v1/auth/session')).json() as { systemName: string }).systemName;

describe('who may change the settings', () => {
  it('refuses every other role (403) on read and save, and anonymous callers (401); nothing changes', async () => {
    for (const role of ['estate-owner', 'legacy-planner', 'beneficiary', 'estate-administrator'] as const) {
      const s = await sessionFor(t, await insertUser(t.db, { roles: [role] }));
      expect((await injectAs(t, s, 'GET', URL)).statusCode, role).toBe(403);
      expect((await save({ systemName: 'Pwned', defaultTimeZone: 'UTC' }, s)).statusCode, role).toBe(403);
    }
    expect((await injectAs(t, null, 'PUT', URL, { systemName: 'Pwned', defaultTimeZone: 'UTC' })).statusCode).toBe(401);
    expect(await sessionName()).toBe('Heirloom');
  });
});

describe('Save Changes', () => {
  it('starts from the defaults', async () => {
    const res = await injectAs(t, adminS, 'GET', URL);
    expect(res.json()).toEqual({ systemName: 'Heirloom', defaultTimeZone: 'UTC' });
  });

  it('takes effect at once: the session payload (header, page titles) and the emails use the new name; audited', async () => {
    const res = await save({ systemName: '  Evergreen Legacy ', defaultTimeZone: 'Europe/London' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ systemName: 'Evergreen Legacy', defaultTimeZone: 'Europe/London' });
    expect(await sessionName()).toBe('Evergreen Legacy');

    // an email sent after the save: sign-up's confirmation link
    const browser = new Browser(t, '10.1.1.1');
    expect((await browser.call('POST', '/api/v1/auth/sign-up', { name: 'Nora New', email: 'nora@example.com', password: 'a-long-password-1' })).statusCode).toBe(202);
    const [mail] = await emailsTo(t, 'nora@example.com');
    expect(mail!.subject).toBe('Evergreen Legacy: confirm your email address to create your account');
    expect(mail!.text).toContain('To finish creating your Evergreen Legacy account');

    // and one that used to say "Heirloom" whatever the setting: the password-changed notice
    const owner = await insertUser(t.db, { roles: ['estate-owner'], email: 'olive@example.com' });
    const changed = await injectAs(t, await sessionFor(t, owner), 'POST', '/api/v1/security/password', { currentPassword: DEFAULT_PASSWORD, newPassword: 'another-long-password-2' });
    expect(changed.statusCode, changed.body).toBe(200);
    const [notice] = await emailsTo(t, 'olive@example.com');
    expect(notice!.subject).toBe('Your Evergreen Legacy password was changed');
    expect(notice!.text).not.toContain('Heirloom');

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'system_settings.updated'));
    expect(entry).toMatchObject({
      actorUserId: admin.id,
      targetType: 'system_settings',
      details: { changed: ['systemName', 'defaultTimeZone'], systemName: { from: 'Heirloom', to: 'Evergreen Legacy' }, defaultTimeZone: { from: 'UTC', to: 'Europe/London' } },
    });
  });

  it('refuses bad input with a 400 and a plain message, changing nothing', async () => {
    const before = await getSystemSettings(t.db);
    const cases: [unknown, string][] = [
      [{ systemName: '   ', defaultTimeZone: 'UTC' }, 'Enter a system name'],
      [{ systemName: 'x'.repeat(81), defaultTimeZone: 'UTC' }, 'Use at most 80 characters'],
      [{ systemName: '<script>', defaultTimeZone: 'UTC' }, 'no < or >'],
      [{ systemName: 'Evergreen', defaultTimeZone: 'Asia/Tokyo' }, 'Choose one of UTC, America/New_York, Europe/London'],
      [{ systemName: 'Evergreen' }, 'Choose one of UTC, America/New_York, Europe/London'],
      [{ systemName: 'Evergreen', defaultTimeZone: 'UTC', requireTwoFactor: true }, ''],
      [['Evergreen', 'UTC'], ''],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(res.json().error), JSON.stringify(body)).toContain(message);
    }
    expect(await getSystemSettings(t.db)).toEqual(before);
  });

  it('never overwrites the security section: saved by another admin at the same moment, both changes stay', async () => {
    for (let round = 0; round < 5; round++) {
      const timeout = 10 + round;
      const [res] = await Promise.all([
        save({ systemName: `Evergreen ${round}`, defaultTimeZone: 'America/New_York' }),
        // (require-two-factor stays off: turned on, it would hold this admin, who has none, at setup)
        mergeSystemSettings(t.db, { sessionTimeoutMinutes: timeout, lockout: { maxFailures: 7, windowMinutes: 20 + round, lockMinutes: 25 } }),
      ]);
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.select().from(systemSettings).where(eq(systemSettings.key, 'platform'));
      expect(row!.value).toMatchObject({
        systemName: `Evergreen ${round}`,
        defaultTimeZone: 'America/New_York',
        sessionTimeoutMinutes: timeout,
        lockout: { maxFailures: 7, windowMinutes: 20 + round, lockMinutes: 25 },
      });
    }
    const settings = await getSystemSettings(t.db);
    expect(settings).toMatchObject({ verificationTimeout: DEFAULT_SYSTEM_SETTINGS.verificationTimeout, requiredDocuments: DEFAULT_SYSTEM_SETTINGS.requiredDocuments });
  });
});

/**
 * A read of the settings that overlaps a save: its SELECT ran before the save committed, and its
 * answer arrives after the save dropped the cache. `select` on this handle is held until released.
 */
describe('a read that overlaps a save', () => {
  it('does not put the old settings back into the cache', async () => {
    let answered!: () => void;
    const arrived = new Promise<void>((resolve) => (answered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    // The query builder is thenable: hold its result (once it has arrived) until the gate opens.
    const hold = <T extends object>(chain: T): T =>
      new Proxy(chain, {
        get(target, prop) {
          const value = Reflect.get(target, prop) as unknown;
          if (prop === 'then') {
            return (onOk: (v: unknown) => unknown, onError: (e: unknown) => unknown) =>
              (target as unknown as PromiseLike<unknown>).then(async (rows) => (answered(), await gate, rows)).then(onOk, onError);
          }
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const next = (value as (...a: unknown[]) => unknown).apply(target, args);
            return next && typeof next === 'object' ? hold(next) : next;
          };
        },
      });
    const db = new Proxy(t.db, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== 'function') return value;
        if (prop === 'select' && holding) {
          holding = false;
          return (...args: unknown[]) => hold((value as (...a: unknown[]) => object).apply(target, args));
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });

    const name = `Overlap ${Date.now()}`;
    const reading = getSystemSettings(db);
    await arrived; // its SELECT has answered, with the settings before the save
    await mergeSystemSettings(db, { systemName: name });
    release();
    expect((await reading).systemName).not.toBe(name);
    // The next read sees the save, not the overlapping read's old answer kept after the save.
    expect((await getSystemSettings(db)).systemName).toBe(name);
  });
});

