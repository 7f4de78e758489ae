import type { APIRequestContext, Page } from '@playwright/test';
import { csrfToken, expect, mailTo, signUpThroughApi } from '../fixtures.ts';

/** The family owner's password, for a spec that signs them in again after moving the clock. */
export const OWNER_PASSWORD = 'a long and memorable passphrase';

/**
 * A family of its own for a spec that changes an estate for good (activation is final): an owner
 * signed up through the emailed link, a beneficiary who accepted their invitation, and the demo
 * estate administrator on the support team. Each person's browser context is returned signed in.
 */
export interface Family {
  ownerEmail: string;
  beneficiary: { name: string; email: string; password: string };
  memoryTitle: string;
  letterSubject: string;
}

async function mutate(request: APIRequestContext, method: 'post' | 'put', url: string, data: unknown) {
  const token = ((await (await request.get('/api/v1/auth/session')).json()) as { csrfToken: string }).csrfToken;
  const res = await request[method](url, { data: data as object, headers: { 'x-csrf-token': token } });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

async function invitationToken(baseURL: string, to: string): Promise<string> {
  const emails = await mailTo(baseURL, to);
  const token = emails.map((m) => /\/invitations\/([A-Za-z0-9_-]{20,})/.exec(m.text)?.[1]).find(Boolean);
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
  await mutate(beneficiaryPage.request, 'post', `/api/v1/invitations/${beneficiaryToken}/accept`, { name: beneficiary.name, password: beneficiary.password });

  const administratorEmail = 'robert.hayes@demo.heirloom.local';
  await mutate(owner.request, 'post', '/api/v1/support-team', { role: 'estate-administrator', name: 'Robert Hayes', email: administratorEmail });
  const adminToken = await invitationToken(baseURL, administratorEmail);
  const signIn = await administratorPage.request.post('/api/v1/demo/sign-in', { data: { persona: 'estate-administrator' }, headers: { 'x-csrf-token': await csrfToken(administratorPage) } });
  expect(signIn.status()).toBe(200);
  await mutate(administratorPage.request, 'post', `/api/v1/invitations/${adminToken}/accept`, {});

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

  const { beneficiaries } = (await (await owner.request.get('/api/v1/beneficiaries')).json()) as { beneficiaries: { id: string }[] };
  const letterSubject = `A letter for after ${stamp}`;
  await mutate(owner.request, 'post', '/api/v1/future-messages', {
    recipientId: beneficiaries[0]!.id,
    subject: letterSubject,
    body: 'I am proud of you.',
    deliveryRule: 'after_activation',
    daysAfterActivation: 0,
    status: 'scheduled',
  });
  return { ownerEmail, beneficiary, memoryTitle, letterSubject };
}
