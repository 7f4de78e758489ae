import type { Page } from '@playwright/test';
import { makePdf } from '../../test/factories/files.ts';
import { csrfToken, expect } from '../fixtures.ts';
import { moveServerClock, signInAgain } from '../safeguards/clock.ts';

type Login = { email: string; password: string };

/** The owner's default veto window (7 days, ADR 0047) and a minute more. */
export const PAST_VETO_WINDOW_MS = 7 * 24 * 60 * 60_000 + 60_000;

/**
 * Report a passing → the administrator approves → the veto window runs out (the server clock moves
 * PAST_VETO_WINDOW_MS; both are signed in again, their sessions timed out meanwhile) → activate. All
 * through the API: e2e/estate-lifecycle/journey.spec.ts walks the same path on screen. The caller
 * moves the clock back by PAST_VETO_WINDOW_MS at its end.
 */
export async function activateThroughApi(
  baseURL: string,
  people: { beneficiary: Page; beneficiaryLogin: Login; administrator: Page; administratorLogin: Login },
  estateId: string,
): Promise<void> {
  const { beneficiary, administrator } = people;
  const boundary = `----e2e${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ event: 'death', relationship: 'Child', eventDate: '2026-11-20' })}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="death_certificate"; filename="certificate.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    makePdf('Certificate of Death — Ada Lovelace', ['Date of death: 2026-11-20']),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const reported = await beneficiary.request.post(`/api/v1/estates/${estateId}/reports`, {
    data: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': await csrfToken(beneficiary) },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const post = async (url: string, data: object) => {
    const res = await administrator.request.post(url, { data, headers: { 'x-csrf-token': await csrfToken(administrator) } });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  };
  const pending = (await (await administrator.request.get(`/api/v1/estate-admin/verifications?status=pending&estateId=${estateId}`)).json()) as { items: { id: string }[] };
  for (const item of pending.items) await post(`/api/v1/estate-admin/verifications/${item.id}/approve`, {});
  await moveServerClock(baseURL, PAST_VETO_WINDOW_MS);
  await signInAgain(administrator, people.administratorLogin);
  await signInAgain(beneficiary, people.beneficiaryLogin);
  await post(`/api/v1/estate-admin/estates/${estateId}/transition`, { event: 'activated' });
}
