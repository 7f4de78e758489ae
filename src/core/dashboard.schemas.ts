import { z } from 'zod';
import { ZBeneficiary } from './beneficiaries.schemas.ts';
import { ZSupportMember } from './support-team.schemas.ts';
import { ZTask } from './tasks.schemas.ts';

/** One step of the onboarding checklist; `done` comes from the estate's data, never from a click. */
export const ZChecklistItem = z.object({ key: z.string(), label: z.string(), href: z.string(), done: z.boolean() });
export type TChecklistItem = z.infer<typeof ZChecklistItem>;

export const ZDashboard = z.object({
  owner: z.object({
    name: z.string(),
    firstName: z.string(),
    /** has signed in before this session ("Welcome back"); false on a first visit ("Welcome") — docs/decisions/0040 */
    returning: z.boolean(),
  }),
  checklist: z.array(ZChecklistItem),
  completion: z.object({
    overall: z.number(),
    documents: z.number(),
    beneficiaries: z.number(),
    accounts: z.number(),
    security: z.number(),
  }),
  missing: z.object({
    documents: z.array(z.string()),
    beneficiaries: z.array(z.string()),
    accounts: z.array(z.string()),
    security: z.array(z.string()),
  }),
  /** the four category cards */
  counts: z.object({
    /** every document in the vault */
    documents: z.number(),
    /** the "Legal Documents" card: documents of type legal */
    legalDocuments: z.number(),
    digitalAssets: z.number(),
    beneficiaries: z.number(),
    security: z.number(),
    securityTotal: z.number(),
  }),
  securityMeasures: z.array(z.object({ key: z.string(), label: z.string(), on: z.boolean() })),
  recentMemories: z.array(
    z.object({ id: z.string(), title: z.string(), type: z.string(), date: z.string(), sharedWith: z.number() }),
  ),
  tasks: z.array(ZTask),
  pendingTaskCount: z.number(),
  beneficiaries: z.array(ZBeneficiary),
  supportTeam: z.array(ZSupportMember),
});
export type TDashboard = z.infer<typeof ZDashboard>;
