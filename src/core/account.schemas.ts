import { z } from 'zod';
import { zName, zPhone } from './common.schemas.ts';
import { ROLES } from './roles.ts';

export const ZAccount = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  roles: z.array(z.enum(ROLES)),
  twoFactorEnabled: z.boolean(),
  /** False until the address was confirmed through an emailed link. */
  emailVerified: z.boolean(),
  /** An email change waiting for its link to be followed (the new address), else null. */
  pendingEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type TAccount = z.infer<typeof ZAccount>;

export const ZUpdateAccountRequest = z.object({ name: zName.optional(), phone: zPhone.optional() }).strict();
export type TUpdateAccountRequest = z.infer<typeof ZUpdateAccountRequest>;
