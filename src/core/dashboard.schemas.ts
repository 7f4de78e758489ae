import { z } from 'zod';
import { ZBeneficiary } from './beneficiaries.schemas.ts';
import { ZSupportMember } from './support-team.schemas.ts';
import { ZTask } from './tasks.schemas.ts';

export const ZDashboard = z.object({
  owner: z.object({ name: z.string(), firstName: z.string() }),
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
    documents: z.number(),
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
