import { seedDemo } from '../../src/server/db/seed/demo.ts';
import { publicSessionId } from '../../src/server/modules/security/get-access-overview.ts';
import { DEMO_PASSWORD } from '../../src/core/personas.ts';
import type { Role } from '../../src/core/roles.ts';
import { insertDigitalAsset } from '../factories/digital-assets.ts';
import { insertDocument, insertEarlierVersion, insertFolder } from '../factories/documents.ts';
import { makePdf } from '../factories/files.ts';
import { insertBeneficiary, insertSupportMember } from '../factories/estates.ts';
import { insertFutureMessage } from '../factories/future-messages.ts';
import { administrate } from '../factories/lifecycle.ts';
import { insertMemory } from '../factories/memories.ts';
import { insertInboxMessage, insertNotification, linkBeneficiary } from '../factories/shared-content.ts';
import { insertAppointment } from '../factories/appointments.ts';
import { insertTask } from '../factories/tasks.ts';
import { insertUser, DEFAULT_PASSWORD, type InsertedUser } from '../factories/users.ts';
import { confirmIdentityAs, sessionFor, type TestApp, type TestSession } from '../helpers.ts';
import { plantCanaries, type Canaries } from './canaries.ts';

/** The five signed-in kinds of people, by the role that makes them who they are. */
export const WHO = ['owner', 'planner', 'beneficiary', 'administrator', 'admin'] as const;
export type Who = (typeof WHO)[number];
export const ROLE_OF: Record<Who, Role> = {
  owner: 'estate-owner',
  planner: 'legacy-planner',
  beneficiary: 'beneficiary',
  administrator: 'estate-administrator',
  admin: 'admin',
};

export interface Person {
  who: Who;
  user: { id: string };
  session: TestSession;
}
export type People = Record<Who, Person>;

export interface Worlds {
  /** The demo seed: Margaret Ellis's estate with everything in it, the estates her administrator cares for (one active). */
  x: People;
  /** Another estate with its own owner, planner, beneficiary, administrator, and another platform admin. */
  y: People;
  /** Real ids of world X's objects, by the name the matrix uses. */
  ids: Record<string, string>;
  /** Strings only world X's people may ever receive (its ids and names): any other answer holding one is a leak. */
  markers: string[];
  /** In Margaret's estate and in the active one, an item of every kind shared with nobody (canaries.ts). */
  canaries: Canaries;
  /** The active estate's executor, Thomas Carter (a beneficiary with an account): no role of his own, so asked only by the canary pass. */
  executor: Person;
}

async function person(t: TestApp, who: Who, user: { id: string }, password: string): Promise<Person> {
  const session = await sessionFor(t, user);
  // sensitive actions ask for a recent "confirm it's you": with it, a refusal is the authorization's
  await confirmIdentityAs(t, session, { password });
  return { who, user, session };
}

async function one(t: TestApp, missing: string[], name: string, query: string): Promise<string> {
  const result = await t.database.execute(query, []);
  const row = result.rows[0] as { id?: unknown } | undefined;
  if (!row || row.id === null || row.id === undefined) missing.push(name);
  return String(row?.id);
}

/** Builds both worlds on a fresh test app, with a confirmed session for each person. */
export async function buildWorlds(t: TestApp): Promise<Worlds> {
  const demo = await seedDemo(t.db, t.app.deps);
  const E = demo.estateId;
  const missing: string[] = [];
  const A = await one(t, missing, 'active estate', `select e.id from estates e join users u on u.id = e.owner_id where u.email = 'evelyn.carter@demo.heirloom.local'`);
  // Emily, the demo beneficiary, is also a digital-legacy beneficiary of the active estate, for the playbook and released content
  const emilyInA = await linkBeneficiary(t.db, A, { id: demo.beneficiaryUserId, email: 'emily.ellis@example.com' }, { accessDigitalLegacy: true, accessDocuments: true, accessMemories: true, accessMessages: true });
  await insertDigitalAsset(t.app.deps, A, { name: 'Evelyn’s email account' });
  const extraSession = await sessionFor(t, { id: demo.ownerId });

  const document = await insertDocument(t.app.deps, E, { title: 'Deed of the lake house' });
  await insertEarlierVersion(t.app.deps, document, { bytes: makePdf('Deed, first draft'), fileName: 'deed-draft.pdf', mimeType: 'application/pdf' });
  await insertFolder(t.app.deps, E, 'Property');
  const thread = await insertInboxMessage(t.db, { senderId: demo.plannerId, recipientId: demo.ownerId, estateId: E, subject: 'Your plan, next steps' });
  const notification = await insertNotification(t.db, demo.ownerId, { message: 'Emily opened a memory' });
  const appointment = await insertAppointment(t.db, { estateId: E, requestedBy: demo.ownerId, attendeeUserId: demo.plannerId, attendeeName: 'David Chen', supportMemberId: demo.supportTeam.plannerMemberId });
  const q = (name: string, query: string) => one(t, missing, name, query);
  const ids: Record<string, string> = {
    estate: E,
    activeEstate: A,
    memory: await q('memory', `select id from memories where estate_id = '${E}' order by created_at limit 1`),
    memoryMedia: await q('memory media', `select mm.id from memory_media mm join memories m on m.id = mm.memory_id where m.estate_id = '${E}' limit 1`),
    file: await q('file', `select id from files where estate_id = '${E}' limit 1`),
    document: await q('document', `select id from documents where estate_id = '${E}' and file_id is not null order by created_at limit 1`),
    documentVersion: await q('document version', `select v.version::text as id from document_versions v join documents d on d.id = v.document_id where d.estate_id = '${E}' limit 1`),
    documentWithVersion: await q('document with versions', `select d.id from document_versions v join documents d on d.id = v.document_id where d.estate_id = '${E}' limit 1`),
    folder: await q('folder', `select id from document_folders where estate_id = '${E}' limit 1`),
    digitalAsset: await q('digital asset', `select id from digital_assets where estate_id = '${E}' limit 1`),
    activeAsset: await q('active estate asset', `select id from digital_assets where estate_id = '${A}' limit 1`),
    activeDeadline: await q('active estate deadline', `select id from settlement_deadlines where estate_id = '${A}' and rule_key is null limit 1`),
    activeMemorialToken: await q('active estate memorial link', `select link_token as id from memorials where estate_id = '${A}'`),
    activeMemorialMessage: await q('active estate memorial message waiting', `select id from memorial_messages where estate_id = '${A}' and status = 'pending' limit 1`),
    activeInventoryEntry: await q('active estate inventory entry', `select id from inventory_entries where estate_id = '${A}' and institution_address is not null order by name limit 1`),
    futureMessage: await q('letter', `select id from future_messages where estate_id = '${E}' limit 1`),
    beneficiary: demo.beneficiaries.Emily!,
    supportMember: demo.supportTeam.plannerMemberId,
    task: await q('task', `select id from tasks where estate_id = '${E}' limit 1`),
    report: await q('report', `select id from estate_reports where status = 'open' limit 1`),
    reportEstate: await q('reported estate', `select estate_id as id from estate_reports where status = 'open' limit 1`),
    verification: await q('proof', `select id from verification_items where status = 'pending' limit 1`),
    verificationFile: await q('proof file', `select file_id as id from verification_items where file_id is not null limit 1`),
    estateAlert: await q('estate alert', `select id from estate_alerts limit 1`),
    ownerSession: publicSessionId(extraSession.sessionId),
    sharedMemory: await q('shared memory', `select m.id from memories m join memory_shares s on s.memory_id = m.id where s.beneficiary_id = '${demo.beneficiaries.Emily}' limit 1`),
    sharedFile: await q('shared file', `select mm.file_id as id from memory_media mm join memory_shares s on s.memory_id = mm.memory_id where s.beneficiary_id = '${demo.beneficiaries.Emily}' and mm.file_id is not null limit 1`),
    ownerThread: thread.id,
    ownerNotification: notification.id,
    appointment: appointment.id,
    plannerTask: await q('planner task', `select id from planner_tasks where planner_id = '${demo.plannerId}' limit 1`),
    plannerInvitation: await q('planner invitation', `select id from invitations where invited_by = '${demo.plannerId}' limit 1`),
    adminAlert: await q('admin alert', `select id from admin_alerts limit 1`),
    adminTask: await q('admin task', `select id from admin_tasks where status <> 'done' limit 1`),
    ownerUser: demo.ownerId,
  };
  if (missing.length) throw new Error(`world X has no ${missing.join(', ')}`);

  const x: People = {
    owner: await person(t, 'owner', { id: demo.ownerId }, DEMO_PASSWORD),
    planner: await person(t, 'planner', { id: demo.plannerId }, DEMO_PASSWORD),
    beneficiary: await person(t, 'beneficiary', { id: demo.beneficiaryUserId }, DEMO_PASSWORD),
    administrator: await person(t, 'administrator', { id: demo.estateAdministratorId }, DEMO_PASSWORD),
    admin: await person(t, 'admin', { id: demo.adminId }, DEMO_PASSWORD),
  };
  const y = await buildWorldY(t);
  const markers = [...new Set([...Object.values(ids).filter((id) => id.length > 8), 'Margaret Ellis', 'Evelyn Carter'])];
  // planted after world X's ids are read, so none of those names a canary
  const canaries = await plantCanaries(t.app.deps, { planning: { estateId: E, recipientId: demo.beneficiaries.Emily! }, active: { estateId: A, recipientId: emilyInA.id } });
  const thomas = await one(t, missing, 'executor', `select id from users where email = 'thomas.carter@demo.heirloom.local'`);
  if (missing.length) throw new Error(`world X has no ${missing.join(', ')}`);
  const executor = await person(t, 'beneficiary', { id: thomas }, DEMO_PASSWORD);
  return { x, y, ids, markers, canaries, executor };
}

async function buildWorldY(t: TestApp): Promise<People> {
  const make = (role: Role, name: string) => insertUser(t.db, { roles: [role], name, email: `${name.split(' ')[0]!.toLowerCase()}.${Date.now().toString(36)}@example.com` });
  const owner = await make('estate-owner', 'Yara Quenby');
  const planner = await make('legacy-planner', 'Yusuf Quill');
  const beneficiary = await make('beneficiary', 'Yolanda Quenby');
  const administrator = await make('estate-administrator', 'Yannick Quarry');
  const admin = await make('admin', 'Yvette Quaid');
  const Y = owner.estateId!;
  const row = await linkBeneficiary(t.db, Y, beneficiary, { relationship: 'Child', accessDigitalLegacy: true });
  await insertBeneficiary(t.db, Y, { relationship: 'Sibling' });
  await insertSupportMember(t.db, Y, { role: 'legacy-planner', userId: planner.id, name: planner.name, email: planner.email, acceptedAt: new Date() });
  await administrate(t.db, owner as InsertedUser, administrator);
  await insertMemory(t.app.deps, Y, { title: 'Quenby summer' });
  await insertDocument(t.app.deps, Y, { title: 'Quenby will' });
  await insertDigitalAsset(t.app.deps, Y, { name: 'Quenby mail' });
  await insertTask(t.db, Y, { title: 'Quenby task' });
  await insertFutureMessage(t.db, Y, row.id, { subject: 'For Yolanda' });
  const people = { owner, planner, beneficiary, administrator, admin };
  const y = {} as People;
  for (const who of WHO) y[who] = await person(t, who, people[who], DEFAULT_PASSWORD);
  return y;
}
