/** The five roles. One account can hold several. */
export const ROLES = ['estate-owner', 'legacy-planner', 'beneficiary', 'admin', 'estate-administrator'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
