import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaFor } from '../../../core/personas.ts';
import { insertOwner, insertUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // the two demo personas these tests switch between (demo sign-in finds them by these addresses)
  for (const role of ['estate-owner', 'beneficiary'] as const) {
    const { email, name } = personaFor(role).sampleUser;
    await insertUser(t.db, { roles: [role], email, name, isDemo: true, emailVerifiedAt: new Date() });
  }
});
afterAll(async () => t.close());

const signInAs = async (b: Browser, email: string, password: string) => {
  const res = await b.call('POST', '/api/v1/auth/sign-in', { email, password });
  expect(res.statusCode, res.body).toBe(200);
};

describe('demo sign-in from the landing page', () => {
  it('never switches a real account into a demo persona: 409, and the real session stays', async () => {
    const real = await insertOwner(t.db, { name: 'Grace Mbeki', emailVerifiedAt: new Date() });
    const b = new Browser(t);
    await signInAs(b, real.email, real.password);
    const res = await b.call('POST', '/api/v1/demo/sign-in', { persona: 'estate-owner' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('You are signed in as Grace Mbeki') });
    const session = (await b.call('GET', '/api/v1/auth/session')).json();
    expect(session.user).toMatchObject({ id: real.id, name: 'Grace Mbeki' });
  });

  it('a visitor signed out, or signed in as a demo persona, may pick any persona', async () => {
    const b = new Browser(t);
    expect((await b.call('POST', '/api/v1/demo/sign-in', { persona: 'estate-owner' })).statusCode).toBe(200);
    expect((await b.call('GET', '/api/v1/auth/session')).json().user.email).toBe(personaFor('estate-owner').sampleUser.email);
    expect((await b.call('POST', '/api/v1/demo/sign-in', { persona: 'beneficiary' })).statusCode).toBe(200);
    expect((await b.call('GET', '/api/v1/auth/session')).json().user.email).toBe(personaFor('beneficiary').sampleUser.email);
  });
});
