import { eq } from 'drizzle-orm';
import { insertDigitalAsset } from '../../../../test/factories/digital-assets.ts';
import { insertBeneficiary, insertSupportMember } from '../../../../test/factories/estates.ts';
import { insertStoredFile, makePdf } from '../../../../test/factories/files.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import type { PlaybookAction } from '../../../core/playbook.schemas.ts';
import { RELEASE_STEPS } from '../../../core/release.ts';
import type { Db } from '../client.ts';
import { estates } from '../schema/estates.ts';
import { estateAlerts, estateReports, verificationItems } from '../schema/lifecycle.ts';
import { releaseRules } from '../schema/safeguards.ts';
import { estateExecutors } from '../schema/executors.ts';
import { reportSafeguards } from '../schema/report-safeguards.ts';
import { vetoWindowEnd } from '../../../core/quorum.ts';
import { DEFAULT_SYSTEM_SETTINGS } from '../../../core/system-settings.schemas.ts';
import { DEFAULT_RELEASE_RULES } from '../../../core/safeguards.schemas.ts';
import { appendAuditRows } from '../../lib/audit-chain.ts';
import type { SeedVault } from './demo-vault.ts';
import { DEMO_PASSWORD } from '../../../core/personas.ts';
import type { DemoIds } from './demo-users.ts';
import { seedSettlement } from './demo-settlement.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

interface DemoEstate {
  owner: { name: string; email: string; dateOfBirth: string };
  status: 'verification_pending' | 'activation_pending' | 'active';
  reporter: { firstName: string; lastName: string; relationship: string };
  /** days ago the passing was reported */
  reportedDaysAgo: number;
  dateOfDeath: string;
  /** proofs: type, and whether the administrator has verified it yet */
  proofs: { type: 'death_certificate' | 'will' | 'power_of_attorney'; verified: boolean; hoursAgo: number }[];
  condition?: 'upon_death' | 'manual' | 'specific_date';
  /** the owner's veto window (ADR 0047), when not the default 7 days */
  vetoDays?: number;
  /** digital accounts the owner recorded while planning (the executor's playbook lists them) */
  digitalAccounts?: { name: string; platform: string; action: PlaybookAction }[];
  /** the owner named the reporter their executor, with the estate administrator as deputy (issue 28) */
  reporterIsExecutor?: boolean;
}

const ESTATES: DemoEstate[] = [
  {
    owner: { name: 'Walter Brennan', email: 'walter.brennan@demo.heirloom.local', dateOfBirth: '1941-06-03' },
    status: 'verification_pending',
    reporter: { firstName: 'Helen', lastName: 'Brennan', relationship: 'Daughter' },
    reportedDaysAgo: 1,
    dateOfDeath: '',
    proofs: [
      { type: 'death_certificate', verified: false, hoursAgo: 20 },
      { type: 'will', verified: false, hoursAgo: 20 },
    ],
  },
  {
    owner: { name: 'Dorothy Kim', email: 'dorothy.kim@demo.heirloom.local', dateOfBirth: '1938-11-21' },
    status: 'verification_pending',
    reporter: { firstName: 'Daniel', lastName: 'Kim', relationship: 'Son' },
    reportedDaysAgo: 3,
    dateOfDeath: '',
    proofs: [{ type: 'death_certificate', verified: false, hoursAgo: 70 }],
  },
  {
    owner: { name: 'Arthur Pendleton', email: 'arthur.pendleton@demo.heirloom.local', dateOfBirth: '1945-02-14' },
    status: 'activation_pending',
    reporter: { firstName: 'Clara', lastName: 'Pendleton', relationship: 'Spouse' },
    reportedDaysAgo: 6,
    dateOfDeath: '',
    proofs: [
      { type: 'death_certificate', verified: true, hoursAgo: 140 },
      { type: 'will', verified: true, hoursAgo: 140 },
    ],
    condition: 'manual',
    // a two-day waiting period, over by now: the administrator can activate (the demo shows that step)
    vetoDays: 2,
  },
  {
    owner: { name: 'Evelyn Carter', email: 'evelyn.carter@demo.heirloom.local', dateOfBirth: '1936-08-09' },
    status: 'active',
    reporter: { firstName: 'Thomas', lastName: 'Carter', relationship: 'Son' },
    reportedDaysAgo: 30,
    dateOfDeath: '',
    proofs: [{ type: 'death_certificate', verified: true, hoursAgo: 30 * 24 }],
    digitalAccounts: [
      { name: 'Email account', platform: 'Gmail', action: 'close' },
      { name: 'Photo library', platform: 'Google Photos', action: 'transfer' },
      { name: 'Social profile', platform: 'Facebook', action: 'memorialise' },
    ],
    reporterIsExecutor: true,
  },
];

/**
 * The demo estate administrator's practice (issue 9): beside the demo family's estate (in planning),
 * four estates in every later state, with reports whose proofs are real PDFs, so every screen of the
 * estate administrator shows data like the wireframe's. All demo users: `npm run seed` resets them.
 */
export async function seedEstates(db: Db, ids: DemoIds, vault: SeedVault): Promise<void> {
  const deps = { db, ...vault };
  const now = vault.clock.now().getTime();
  for (const spec of ESTATES) {
    const owner = await insertUser(db, { ...spec.owner, isDemo: true, password: DEMO_PASSWORD, roles: ['estate-owner'] });
    const estateId = owner.estateId!;
    const reporterUser = await insertUser(db, {
      name: `${spec.reporter.firstName} ${spec.reporter.lastName}`,
      email: `${spec.reporter.firstName}.${spec.reporter.lastName}@demo.heirloom.local`.toLowerCase(),
      isDemo: true,
      password: DEMO_PASSWORD,
      roles: ['beneficiary'],
    });
    await insertBeneficiary(db, estateId, {
      ...spec.reporter,
      email: reporterUser.email,
      userId: reporterUser.id,
      acceptedAt: new Date(now - 200 * DAY),
    });
    await insertBeneficiary(db, estateId, { firstName: 'Sam', lastName: spec.owner.name.split(' ')[1] ?? 'Doe', relationship: 'Grandchild', email: `sam.${estateId.slice(0, 8)}@example.com` });
    await insertSupportMember(db, estateId, {
      role: 'estate-administrator',
      name: 'Robert Hayes',
      email: 'robert.hayes@demo.heirloom.local',
      userId: ids.estateAdministratorId,
      acceptedAt: new Date(now - 300 * DAY),
    });
    if (spec.reporterIsExecutor) {
      await db.insert(estateExecutors).values([
        { estateId, position: 'executor', userId: reporterUser.id, namedAt: new Date(now - 200 * DAY) },
        { estateId, position: 'deputy', userId: ids.estateAdministratorId, namedAt: new Date(now - 200 * DAY) },
      ]);
    }
    for (const account of spec.digitalAccounts ?? []) {
      await insertDigitalAsset(deps, estateId, { name: account.name, platform: account.platform, afterDeathAction: account.action, createdAt: new Date(now - 120 * DAY) });
    }
    await insertMemory(deps, estateId, { title: 'A letter for the family', shareAll: true, release: 'after_activation', createdAt: new Date(now - 100 * DAY), stories: [{ title: 'To all of you', content: 'Look after each other.' }] });

    if (spec.vetoDays) {
      await db.insert(releaseRules).values({ estateId, vetoDays: spec.vetoDays, quorumRequired: DEFAULT_RELEASE_RULES.quorumRequired, trusteeResponseHours: DEFAULT_RELEASE_RULES.trusteeResponseHours });
    }
    const reportedAt = new Date(now - spec.reportedDaysAgo * DAY);
    const dateOfDeath = new Date(reportedAt.getTime() - 2 * DAY).toISOString().slice(0, 10);
    const verified = spec.status !== 'verification_pending';
    const [report] = await db
      .insert(estateReports)
      .values({
        estateId,
        reportedBy: reporterUser.id,
        reporterName: `${spec.reporter.firstName} ${spec.reporter.lastName}`,
        relationship: spec.reporter.relationship,
        event: 'death',
        eventDate: dateOfDeath,
        status: verified ? 'verified' : 'open',
        createdAt: reportedAt,
        resolvedAt: verified ? new Date(reportedAt.getTime() + 20 * HOUR) : null,
      })
      .returning();
    // The safeguards the report fixed when it was made, as the app stores them (no trustees named: no quorum).
    await db.insert(reportSafeguards).values({
      reportId: report!.id,
      estateId,
      windowEndsAt: vetoWindowEnd(reportedAt, spec.vetoDays ?? DEFAULT_RELEASE_RULES.vetoDays, DEFAULT_SYSTEM_SETTINGS.defaultTimeZone),
      quorumNeeded: 0,
      responseHours: DEFAULT_RELEASE_RULES.trusteeResponseHours,
      createdAt: reportedAt,
    });
    for (const proof of spec.proofs) {
      const title = proof.type === 'death_certificate' ? `Certificate of Death — ${spec.owner.name}` : `Last Will and Testament of ${spec.owner.name}`;
      const file = await insertStoredFile(deps, estateId, {
        bytes: makePdf(title, proof.type === 'death_certificate'
          ? [`Name of deceased: ${spec.owner.name}`, `Date of birth: ${spec.owner.dateOfBirth}`, `Date of death: ${dateOfDeath}`, 'Registrar: County Office of Vital Records']
          : [`I, ${spec.owner.name}, declare this to be my last will.`, 'Signed and witnessed.']),
        mimeType: 'application/pdf',
        name: proof.type === 'death_certificate' ? 'death-certificate.pdf' : 'last-will.pdf',
        uploadedBy: reporterUser.id,
      });
      const submittedAt = new Date(now - proof.hoursAgo * HOUR);
      await db.insert(verificationItems).values({
        estateId,
        reportId: report!.id,
        documentType: proof.type,
        fileId: file.id,
        submittedBy: reporterUser.id,
        submittedAt,
        status: proof.verified ? 'verified' : 'pending',
        reviewedBy: proof.verified ? ids.estateAdministratorId : null,
        reviewedAt: proof.verified ? new Date(submittedAt.getTime() + 18 * HOUR) : null,
      });
    }
    const activatedAt = spec.status === 'active' ? new Date(reportedAt.getTime() + 2 * DAY) : null;
    await db
      .update(estates)
      .set({
        status: spec.status,
        dateOfDeath,
        activationCondition: spec.condition ?? 'upon_death',
        activatedAt,
        releaseStepsDone: spec.status === 'active' ? RELEASE_STEPS.length : 0,
        createdAt: new Date(now - 400 * DAY),
      })
      .where(eq(estates.id, estateId));

    // The history the lifecycle would have written, so the administrator's reports show it.
    const history: { at: Date; action: string; details: Record<string, unknown> }[] = [
      { at: reportedAt, action: 'estate.status_changed', details: { event: 'report_submitted', from: 'planning', to: 'verification_pending' } },
    ];
    if (verified) {
      history.push({ at: new Date(reportedAt.getTime() + 20 * HOUR), action: 'verification.approved', details: {} });
      history.push({ at: new Date(reportedAt.getTime() + 20 * HOUR), action: 'estate.status_changed', details: { event: 'proofs_verified', from: 'verification_pending', to: 'activation_pending' } });
    }
    if (activatedAt && spec.reporterIsExecutor) await seedSettlement(db, estateId, reporterUser.id, now, dateOfDeath);
    if (activatedAt) history.push({ at: activatedAt, action: 'estate.status_changed', details: { event: 'activated', from: 'activation_pending', to: 'active' } });
    await appendAuditRows(db, 
      history.map((h) => ({
        ...h,
        estateId,
        actorUserId: h.details.event === 'report_submitted' ? reporterUser.id : ids.estateAdministratorId,
        targetType: 'estate',
        targetId: estateId,
      })),
    );

    const alert =
      spec.status === 'verification_pending'
        ? { type: 'verification', priority: 'high', message: `${spec.reporter.firstName} ${spec.reporter.lastName} (${spec.reporter.relationship}) reported a passing: ${spec.proofs.length} document${spec.proofs.length === 1 ? '' : 's'} to verify.` }
        : spec.status === 'activation_pending'
          ? { type: 'activation', priority: 'medium', message: 'Every required document is verified: the estate awaits activation.' }
          : { type: 'document', priority: 'low', message: 'Released content was downloaded by a beneficiary.' };
    await db.insert(estateAlerts).values({
      estateId,
      ...alert,
      status: spec.status === 'active' ? 'resolved' : 'unread',
      createdAt: reportedAt,
      updatedAt: reportedAt,
      dedupeKey: `demo:${estateId}`,
    });
  }
}
