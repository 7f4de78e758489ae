import { expect } from 'vitest';
import type { TCreatePlannerInvitationRequest, TPlannerInvitation } from '../../src/core/planner-invitations.schemas.ts';
import type { Db } from '../../src/server/db/client.ts';
import { insertSupportMember } from './estates.ts';
import { insertOwner, insertUser } from './users.ts';
import { emailsTo, injectAs, type TestApp, type TestSession } from '../helpers.ts';

export const PLANNER_INVITATIONS = '/api/v1/planner/invitations';

/** A legacy planner's account (no estate). */
export const insertPlanner = (db: Db, overrides: Parameters<typeof insertUser>[1] = {}) => insertUser(db, { roles: ['legacy-planner'], ...overrides });

let n = 0;
/** A fresh address for an invitee (one open invitation per planner and address). */
export const inviteeEmail = (name = 'eleanor') => `${name}.${Date.now().toString(36)}${(n++).toString(36)}@example.com`;

/** The Invite a Loved One form, filled in. */
export function buildPlannerInvitation(overrides: Partial<TCreatePlannerInvitationRequest> = {}): TCreatePlannerInvitationRequest {
  return {
    firstName: 'Eleanor',
    lastName: 'Whitfield',
    email: inviteeEmail(),
    phone: '+1 555 010 2030',
    relationship: 'Professional Planner',
    template: 'For Elderly Parents',
    message: '',
    includeCalendarLink: false,
    scheduleFollowUp: false,
    ...overrides,
  };
}

/** The token of the newest invitation link mailed to an address. */
export async function invitationTokenFor(t: TestApp, email: string): Promise<string> {
  const [mail] = await emailsTo(t, email);
  const token = /\/invitations#([A-Za-z0-9_-]{20,})/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return token;
}

/** Invite through the API as the planner; the invitation and the token from its email. */
export async function invite(t: TestApp, planner: TestSession, overrides: Partial<TCreatePlannerInvitationRequest> = {}) {
  const body = buildPlannerInvitation(overrides);
  const res = await injectAs(t, planner, 'POST', PLANNER_INVITATIONS, body);
  expect(res.statusCode, res.body).toBe(201);
  return { invitation: res.json() as TPlannerInvitation, email: body.email!, token: await invitationTokenFor(t, body.email!) };
}

/** An owner who is already this planner's client (the planner accepted on their support team). */
export async function insertClientOf(db: Db, planner: { id: string; name: string; email: string }) {
  const client = await insertOwner(db);
  await insertSupportMember(db, client.estateId!, { role: 'legacy-planner', userId: planner.id, name: planner.name, email: planner.email, acceptedAt: new Date() });
  return client;
}
