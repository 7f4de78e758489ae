import { z } from 'zod';

export const zId = z.uuid({ message: 'Must be a valid id' });
export const ZIdParams = z.object({ id: zId }).strict();
export const zIsoDate = z.iso.date({ message: 'Must be a date (YYYY-MM-DD)' });
export const zEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }));
export const zPhone = z
  .string()
  .trim()
  .max(40)
  .regex(/^[+()\d\s.-]*$/, { message: 'Enter a valid phone number' });
export const zName = z.string().trim().min(1, { message: 'Required' }).max(120);

export const ZOkResponse = z.object({ ok: z.literal(true) });
