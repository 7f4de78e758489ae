/** What the base seed creates; every domain seeder builds on these. */
export interface DemoIds {
  ownerId: string;
  estateId: string;
  plannerId: string;
  beneficiaryUserId: string;
  adminId: string;
  estateAdministratorId: string;
  /** beneficiaries rows of the owner's estate, by first name */
  beneficiaries: Record<string, string>;
  supportTeam: { plannerMemberId: string; administratorMemberId: string };
}
