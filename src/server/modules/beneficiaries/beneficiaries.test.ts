import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { beneficiaries, estates, invitations } from '../../db/schema/estates.ts';
import { emailedLinks } from '../../db/schema/admin.ts';
import { sha256 } from '../../lib/tokens.ts';
import { memories, memoryShares } from '../../db/schema/memories.ts';
import { messages, notifications } from '../../db/schema/messages.ts';
import { auditLog, outboxEmails } from '../../db/schema/system.ts';
import { userRoles } from '../../db/schema/users.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { injectAs, sessionFor, useTwoOwners } from '../../../../test/helpers.ts';

const { t, owner, ownerS, other, otherS } = useTwoOwners({ name: 'Margaret Ellis' });

const newBeneficiary = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'James',
  lastName: 'Ellis',
  relationship: 'Child',
  email: `james.${Math.random().toString(36).slice(2)}@example.com`,
  phone: '+1 (555) 442-7781',
  notes: 'Lives in Portland',
  ...overrides,
});

const mailsTo = (to: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));

describe('add a beneficiary', () => {
  it('creates one with the wireframe default flags and emails an invitation with a one-time link', async () => {
    const body = newBeneficiary();
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/beneficiaries', body);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'James Ellis',
      initials: 'JE',
      relationship: 'Child',
      email: body.email,
      status: 'invited',
      access: { memories: true, documents: true, messages: true, beneficiaries: false, digitalLegacy: false },
    });
    expect(created.invitedAt).toBeTruthy();

    const [mail] = await mailsTo(body.email);
    // The subject is the system's words; the owner's name is in the body, quoted as the name they gave.
    expect(mail).toMatchObject({ kind: 'invitation', subject: 'Heirloom: an invitation sent on behalf of one of our members' });
    expect(mail!.text).toContain('on behalf of a member who gave their name as “Margaret Ellis”');
    const link = /\/invitations#([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(link).toBeTruthy();
    // the token is stored hashed, never as itself
    const [inv] = await t.db.select().from(invitations).where(eq(invitations.targetId, created.id));
    const [stored] = await t.db.select().from(emailedLinks).where(eq(emailedLinks.targetId, inv!.id));
    expect(stored).toMatchObject({ purpose: 'invitation', tokenHash: sha256(link!), expiresAt: inv!.expiresAt });
    expect(inv).toMatchObject({ kind: 'beneficiary', role: 'beneficiary', email: body.email, estateId: owner.estateId });
    expect(inv!.expiresAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(13.9 * 24 * 3600_000);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'beneficiary.created'))).length).toBeGreaterThan(0);
  });

  it('takes the flags it is given and a date of birth', async () => {
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/beneficiaries', newBeneficiary({
      dateOfBirth: '1984-01-23',
      access: { digitalLegacy: true, messages: false },
    }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      dateOfBirth: '1984-01-23',
      access: { memories: true, documents: true, messages: false, beneficiaries: false, digitalLegacy: true },
    });
  });

  it('refuses a bad email, a missing name, an unknown relationship and unknown fields', async () => {
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/beneficiaries', {
      ...newBeneficiary({ email: 'not-an-email', firstName: '  ', relationship: 'Cousin' }),
      isAdmin: true,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(expect.arrayContaining(['email', 'firstName', 'relationship', 'isAdmin']));
  });

  it('refuses the same email twice in one estate with a field error (another estate may use it)', async () => {
    const body = newBeneficiary();
    expect((await injectAs(t, ownerS, 'POST', '/api/v1/beneficiaries', body)).statusCode).toBe(201);
    const again = await injectAs(t, ownerS, 'POST', '/api/v1/beneficiaries', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.email).toBeTruthy();
    expect((await injectAs(t, otherS, 'POST', '/api/v1/beneficiaries', body)).statusCode).toBe(201);
  });

  it('refuses the owner’s own email', async () => {
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/beneficiaries', newBeneficiary({ email: owner.email.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe('This is your own email');
  });

  it('refuses text PostgreSQL cannot store rather than failing', async () => {
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/beneficiaries', newBeneficiary({ notes: 'a\u0000b' }));
    expect(res.statusCode).toBe(400);
  });

  it('is refused to a beneficiary (403) and to an owner-less account', async () => {
    const beneficiaryUser = await insertUser(t.db, { roles: ['beneficiary'] });
    const res = await injectAs(t, await sessionFor(t, beneficiaryUser), 'POST', '/api/v1/beneficiaries', newBeneficiary());
    expect(res.statusCode).toBe(403);
  });
});

describe('list, edit, access flags', () => {
  it('lists only the owner’s own beneficiaries', async () => {
    const mine = await insertBeneficiary(t.db, owner.estateId!);
    const theirs = await insertBeneficiary(t.db, other.estateId!);
    const ids = (await injectAs(t, ownerS, 'GET', '/api/v1/beneficiaries?limit=100')).json().items.map((b: { id: string }) => b.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });

  it('saves one access flag at a time and audits it', async () => {
    const b = await insertBeneficiary(t.db, owner.estateId!);
    const res = await injectAs(t, ownerS, 'PATCH', `/api/v1/beneficiaries/${b.id}`, { access: { digitalLegacy: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().access).toEqual({ memories: true, documents: true, messages: true, beneficiaries: false, digitalLegacy: true });
    const [row] = await t.db.select().from(beneficiaries).where(eq(beneficiaries.id, b.id));
    expect(row?.accessDigitalLegacy).toBe(true);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'beneficiary.access_changed'), eq(auditLog.targetId, b.id)));
    expect(entry?.details).toMatchObject({ access: { digitalLegacy: true } });
  });

  it('edits details; a new email for someone who has not accepted re-sends the invitation and retires the old one', async () => {
    const created = (await injectAs(t, ownerS, 'POST', '/api/v1/beneficiaries', newBeneficiary())).json();
    const newEmail = `new.${Math.random().toString(36).slice(2)}@example.com`;
    const res = await injectAs(t, ownerS, 'PATCH', `/api/v1/beneficiaries/${created.id}`, {
      firstName: 'Jim',
      relationship: 'Friend',
      email: newEmail,
      dateOfBirth: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Jim Ellis', relationship: 'Friend', email: newEmail });
    expect(await mailsTo(newEmail)).toHaveLength(1);
    const open = (await t.db.select().from(invitations).where(eq(invitations.targetId, created.id))).filter(
      (i) => i.expiresAt > t.clock.now(),
    );
    expect(open.map((i) => i.email)).toEqual([newEmail]);
  });

  it('refuses bad fields and unknown access flags', async () => {
    const b = await insertBeneficiary(t.db, owner.estateId!);
    expect((await injectAs(t, ownerS, 'PATCH', `/api/v1/beneficiaries/${b.id}`, { email: 'x' })).statusCode).toBe(400);
    expect((await injectAs(t, ownerS, 'PATCH', `/api/v1/beneficiaries/${b.id}`, { access: { everything: true } })).statusCode).toBe(400);
    expect((await injectAs(t, ownerS, 'PATCH', `/api/v1/beneficiaries/${b.id}`, { access: { memories: 'yes' } })).statusCode).toBe(400);
  });

  it('answers 404 for another owner’s beneficiary on every operation, and changes nothing', async () => {
    const theirs = await insertBeneficiary(t.db, other.estateId!);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/v1/beneficiaries/${theirs.id}`],
      ['PATCH', `/api/v1/beneficiaries/${theirs.id}`, { access: { documents: false } }],
      ['DELETE', `/api/v1/beneficiaries/${theirs.id}`],
      ['GET', `/api/v1/beneficiaries/${theirs.id}/access`],
      ['POST', `/api/v1/beneficiaries/${theirs.id}/invitation`],
      ['POST', `/api/v1/beneficiaries/${theirs.id}/messages`, { subject: 'Hi', body: 'Hello' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await injectAs(t, ownerS, method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await t.db.select().from(beneficiaries).where(eq(beneficiaries.id, theirs.id));
    expect(row?.accessDocuments).toBe(true);
  });

  it('answers 404 for an unknown beneficiary', async () => {
    const res = await injectAs(t, ownerS, 'GET', '/api/v1/beneficiaries/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
  });
});

describe('remove', () => {
  it('removes the beneficiary, withdraws the invitation and takes the role from an account that is nobody else’s beneficiary', async () => {
    const person = await insertUser(t.db, { roles: ['beneficiary'] });
    const b = await insertBeneficiary(t.db, owner.estateId!, { userId: person.id, acceptedAt: new Date(), email: person.email });
    const res = await injectAs(t, ownerS, 'DELETE', `/api/v1/beneficiaries/${b.id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(beneficiaries).where(eq(beneficiaries.id, b.id))).toHaveLength(0);
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, person.id))).map((r) => r.role)).toEqual([]);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/beneficiaries/${b.id}`)).statusCode).toBe(404);
  });

  it('keeps the role when the person is still someone else’s beneficiary', async () => {
    const person = await insertUser(t.db, { roles: ['beneficiary'] });
    const b = await insertBeneficiary(t.db, owner.estateId!, { userId: person.id, acceptedAt: new Date(), email: person.email });
    await insertBeneficiary(t.db, other.estateId!, { userId: person.id, acceptedAt: new Date(), email: person.email });
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/beneficiaries/${b.id}`)).statusCode).toBe(200);
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, person.id))).map((r) => r.role)).toEqual(['beneficiary']);
  });
});

describe('message and view access (dashboard)', () => {
  it('sends an inbox message to a linked beneficiary as a new thread and notifies them', async () => {
    const person = await insertUser(t.db, { roles: ['beneficiary'] });
    const b = await insertBeneficiary(t.db, owner.estateId!, { userId: person.id, acceptedAt: new Date(), email: person.email });
    const res = await injectAs(t, ownerS, 'POST', `/api/v1/beneficiaries/${b.id}/messages`, { subject: 'Sunday lunch', body: 'Come at one.' });
    expect(res.statusCode).toBe(201);
    const [msg] = await t.db.select().from(messages).where(eq(messages.id, res.json().id));
    expect(msg).toMatchObject({ threadId: msg!.id, senderId: owner.id, recipientId: person.id, subject: 'Sunday lunch', estateId: owner.estateId });
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, person.id));
    expect(notes.map((n) => n.type)).toContain('message');
  });

  it('refuses (409) to message someone who has not accepted yet, saying so; and refuses an empty message', async () => {
    const b = await insertBeneficiary(t.db, owner.estateId!, { firstName: 'Sophie' });
    const res = await injectAs(t, ownerS, 'POST', `/api/v1/beneficiaries/${b.id}/messages`, { subject: 'Hi', body: 'Hello' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'BENEFICIARY_NOT_LINKED', message: expect.stringMatching(/Sophie has not accepted/) });
    expect((await injectAs(t, ownerS, 'POST', `/api/v1/beneficiaries/${b.id}/messages`, { subject: '', body: '' })).statusCode).toBe(400);
  });

  it('resends an invitation to someone pending, and refuses it for someone who already accepted', async () => {
    const pending = await insertBeneficiary(t.db, owner.estateId!);
    expect((await injectAs(t, ownerS, 'POST', `/api/v1/beneficiaries/${pending.id}/invitation`)).statusCode).toBe(200);
    expect(await mailsTo(pending.email)).toHaveLength(1);
    const person = await insertUser(t.db, { roles: ['beneficiary'] });
    const linked = await insertBeneficiary(t.db, owner.estateId!, { userId: person.id, acceptedAt: new Date() });
    expect((await injectAs(t, ownerS, 'POST', `/api/v1/beneficiaries/${linked.id}/invitation`)).statusCode).toBe(409);
  });

  it('shows the flags and what is shared and visible now', async () => {
    const b = await insertBeneficiary(t.db, owner.estateId!, { accessDocuments: false });
    const base = { estateId: owner.estateId!, date: '2020-06-01', type: 'letter' };
    const [direct] = await t.db.insert(memories).values({ ...base, title: 'Direct, now' }).returning();
    const [later] = await t.db.insert(memories).values({ ...base, title: 'Direct, after', release: 'after_activation' }).returning();
    await t.db.insert(memories).values({ ...base, title: 'For everyone', shareAll: true });
    await t.db.insert(memories).values({ ...base, title: 'Not shared' });
    await t.db.insert(memoryShares).values([
      { memoryId: direct!.id, beneficiaryId: b.id },
      { memoryId: later!.id, beneficiaryId: b.id },
    ]);
    const res = await injectAs(t, ownerS, 'GET', `/api/v1/beneficiaries/${b.id}/access`);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view.beneficiary.access.documents).toBe(false);
    expect(view.memories).toEqual({ shared: 3, visibleNow: 2 });
    expect(view.documents).toEqual({ shared: 0, visibleNow: 0 });
    expect(view.digitalAssets.visible).toBe(false);
    // once the estate is active, after-activation items are released too
    await t.db.update(estates).set({ status: 'active', releaseStepsDone: 2 }).where(eq(estates.id, owner.estateId!));
    try {
      const active = (await injectAs(t, ownerS, 'GET', `/api/v1/beneficiaries/${b.id}/access`)).json();
      expect(active.memories).toEqual({ shared: 3, visibleNow: 3 });
    } finally {
      await t.db.update(estates).set({ status: 'planning', releaseStepsDone: 0 }).where(eq(estates.id, owner.estateId!));
    }
  });
});
