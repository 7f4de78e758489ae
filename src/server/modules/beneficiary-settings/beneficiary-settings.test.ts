import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxEmails } from '../../db/schema/system.ts';
import { userSettings, users } from '../../db/schema/users.ts';
import { insertBeneficiaryUser } from '../../../../test/factories/shared-content.ts';
import type { InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { loadNotificationSettings } from '../../notices/notification-settings.ts';

let t: TestApp;
let user: InsertedUser;
let session: TestSession;
beforeAll(async () => {
  t = await buildTestApp();
  user = await insertBeneficiaryUser(t.db, { name: 'Emily Ellis', phone: '+1 (555) 442-1093' });
  session = await sessionFor(t, user);
});
afterAll(async () => t.close());

const patch = (body: object) => injectAs(t, session, 'PATCH', '/api/v1/beneficiary-settings', body);

describe('beneficiary account settings', () => {
  it('reads the profile and the defaults', async () => {
    const res = await injectAs(t, session, 'GET', '/api/v1/beneficiary-settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      fullName: 'Emily Ellis',
      email: user.email,
      phone: '+1 (555) 442-1093',
      twoFactorEnabled: false,
      loginAlerts: true,
      newContentNotifications: true,
      downloadNotifications: false,
      notificationMethod: 'email',
      notificationFrequency: 'immediately',
    });
  });

  it('saves every field; the toggles drive notifications and keep other settings keys intact', async () => {
    await t.db.insert(userSettings).values({ userId: user.id, data: { plannerProfile: 'keep me' } });
    const res = await patch({
      fullName: 'Emily R. Ellis',
      phone: '+1 555 222 3333',
      loginAlerts: false,
      newContentNotifications: false,
      downloadNotifications: true,
      notificationMethod: 'both',
      notificationFrequency: 'weekly',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'Emily R. Ellis', phone: '+1 555 222 3333', loginAlerts: false, notificationMethod: 'both', notificationFrequency: 'weekly' });
    expect(await loadNotificationSettings(t.db, user.id)).toMatchObject({ newContent: false, downloads: true, method: 'both', frequency: 'weekly' });
    const [row] = await t.db.select().from(userSettings).where(eq(userSettings.userId, user.id));
    expect(row!.data).toMatchObject({ plannerProfile: 'keep me', loginAlerts: false });
    // The account's own settings endpoint reads the same login-alerts toggle.
    expect((await injectAs(t, session, 'GET', '/api/v1/settings')).json().loginAlerts).toBe(false);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'account.settings_updated'));
    expect(entry!.details).toMatchObject({ fields: expect.arrayContaining(['fullName', 'notificationMethod']) });
  });

  it('does not change the email here: a different one is a 400 naming Change email, and nothing changes', async () => {
    const res = await patch({ email: 'emily.new@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Change email');
    expect(res.json().error.fields.email).toBeTruthy();
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
    expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email))).toEqual([]);
    expect((await patch({ email: user.email })).statusCode).toBe(200);
  });

  it('refuses text messages without a phone number, bad values and unknown fields', async () => {
    expect((await patch({ phone: '', notificationMethod: 'sms' })).statusCode).toBe(400);
    await patch({ notificationMethod: 'email' });
    expect((await patch({ phone: '' })).statusCode).toBe(200);
    const noPhone = await patch({ notificationMethod: 'both' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().error.fields.phone).toBeTruthy();
    for (const body of [{ notificationFrequency: 'hourly' }, { email: 'not-an-email' }, { fullName: '' }, { twoFactorEnabled: true }, { phone: 'call me' }]) {
      expect((await patch(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
