import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, expect, mailTo, signUpThroughApi } from '../fixtures.ts';
import { signInAgain } from '../safeguards/clock.ts';

/** The family owner's password, for a spec that signs them in again after moving the clock. */
export const OWNER_PASSWORD = 'a long and memorable passphrase';

/**
 * A family of its own for a spec that changes an estate for good (activation is final): an owner
 * signed up through the emailed link, a beneficiary who accepted their invitation, and an estate
 * administrator of its own (invited by the platform admin, then added to the support team) — not the
 * demo one, whose address would soon reach the limit of invitations an address may receive a day.
 * Each person's browser context is returned signed in.
 */
export interface Family {
  ownerEmail: string;
  beneficiary: { name: string; email: string; password: string };
  administrator: { name: string; email: string; password: string };
  memoryTitle: string;
  letterSubject: string;
}

const requestCsrf = async (request: APIRequestContext) => ((await (await request.get('/api/v1/auth/session')).json()) as { csrfToken: string }).csrfToken;

async function mutate(request: APIRequestContext, method: 'post' | 'put', url: string, data: unknown) {
  const res = await request[method](url, { data: data as object, headers: { 'x-csrf-token': await requestCsrf(request) } });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

async function invitationToken(baseURL: string, to: string): Promise<string> {
  const emails = await mailTo(baseURL, to);
  const token = emails.map((m) => /\/invitations#([A-Za-z0-9_-]{20,})/.exec(m.text)?.[1]).find(Boolean);
  expect(token, `an invitation emailed to ${to}`).toBeTruthy();
  return token!;
}

export async function createFamily(owner: Page, beneficiaryPage: Page, administratorPage: Page, baseURL: string): Promise<Family> {
  const stamp = Date.now();
  const ownerEmail = `ada.lovelace.${stamp}@example.com`;
  await signUpThroughApi(owner, baseURL, { name: 'Ada Lovelace', email: ownerEmail, password: OWNER_PASSWORD });

  const beneficiary = { name: 'Byron King', email: `byron.king.${stamp}@example.com`, password: 'another long passphrase' };
  await mutate(owner.request, 'post', '/api/v1/beneficiaries', { firstName: 'Byron', lastName: 'King', relationship: 'Child', email: beneficiary.email });
  const beneficiaryToken = await invitationToken(baseURL, beneficiary.email);
  await mutate(beneficiaryPage.request, 'post', '/api/v1/invitations/accept', { token: beneficiaryToken, name: beneficiary.name, password: beneficiary.password });

  const administrator = { name: 'Rowan Hayes', email: `rowan.hayes.${stamp}@example.com`, password: 'a third long passphrase' };
  const admin = await adminApi(baseURL);
  try {
    const invited = await admin.request.post('/api/v1/admin/users', {
      data: { name: administrator.name, email: administrator.email, role: 'estate-administrator' },
      headers: { 'x-csrf-token': await requestCsrf(admin.request) },
    });
    expect(invited.status(), await invited.text()).toBe(201);
  } finally {
    await admin.request.dispose();
  }
  const staffToken = await invitationToken(baseURL, administrator.email);
  await mutate(administratorPage.request, 'post', '/api/v1/invitations/accept', { token: staffToken, name: administrator.name, password: administrator.password });
  await signInAgain(administratorPage, administrator);
  await mutate(owner.request, 'post', '/api/v1/support-team', { role: 'estate-administrator', name: administrator.name, email: administrator.email });
  const teamToken = (await mailTo(baseURL, administrator.email))
    .map((m) => /\/invitations#([A-Za-z0-9_-]{20,})/.exec(m.text)?.[1])
    .find((t) => t && t !== staffToken);
  expect(teamToken, 'the support-team invitation').toBeTruthy();
  await mutate(administratorPage.request, 'post', '/api/v1/invitations/accept', { token: teamToken });

  // Content kept for after activation: a memory for everyone, and a letter to the beneficiary.
  const memoryTitle = `For when I am gone ${stamp}`;
  const boundary = `----e2e${stamp}`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ title: memoryTitle, date: '2020-05-01', description: 'Kept until the end.' })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="story"\r\n\r\n${JSON.stringify({ title: 'To my family', content: 'Be kind to one another.' })}\r\n--${boundary}--\r\n`,
  );
  const token = ((await (await owner.request.get('/api/v1/auth/session')).json()) as { csrfToken: string }).csrfToken;
  const created = await owner.request.post('/api/v1/memories', { data: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': token } });
  expect(created.status(), await created.text()).toBe(201);
  const memory = (await created.json()) as { id: string };
  await mutate(owner.request, 'put', `/api/v1/memories/${memory.id}/share`, { all: true, release: 'after_activation' });

  const { items: beneficiaries } = (await (await owner.request.get('/api/v1/beneficiaries')).json()) as { items: { id: string }[] };
  const letterSubject = `A letter for after ${stamp}`;
  await mutate(owner.request, 'post', '/api/v1/future-messages', {
    recipientId: beneficiaries[0]!.id,
    subject: letterSubject,
    body: 'I am proud of you.',
    deliveryRule: 'after_activation',
    daysAfterActivation: 0,
    status: 'scheduled',
  });
  return { ownerEmail, beneficiary, administrator, memoryTitle, letterSubject };
}
