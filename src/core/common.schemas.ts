import { z } from 'zod';
import { plainZodMessage } from './plain-messages.ts';

// Every schema's default messages in plain words ("Enter a date"), in the browser and on the server.
z.config({ customError: plainZodMessage });

export const zId = z.uuid();
export const ZIdParams = z.object({ id: zId }).strict();
export const zIsoDate = z.iso.date();
export const zEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email());
export const zPhone = z
  .string()
  .trim()
  .max(40)
  .regex(/^[+()\d\s.-]*$/, { message: 'Enter a valid phone number' });
export const zName = z.string().trim().min(1).max(120);

/** Text up to `max` characters, trimmed; empty means none (null). `what` names it in the message ("The note"). */
export const zOptionalText = (max: number, what = 'This') =>
  z
    .string()
    .trim()
    .max(max, { message: `${what} can be at most ${max} characters` })
    .transform((v) => v || null)
    .nullable()
    .optional();

export const ZOkResponse = z.object({ ok: z.literal(true) });
