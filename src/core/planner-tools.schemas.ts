import { z } from 'zod';
import { zId } from './common.schemas.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';

/** A client the planner can pick in the Assistance Tools (name only: the pickers need no more); `id` is their estate's id. */
export const ZToolClient = z.object({ id: z.string(), estateId: z.string(), name: z.string() });
export const TOOL_CLIENTS_PAGE_SIZE = 50;
/** The pickers' clients by name (name, id), a keyset page at a time: ?cursor&limit. */
export const ZToolClientsQuery = z.object({ cursor: zCursor(['name', 'id']).optional(), limit: zPageSize(TOOL_CLIENTS_PAGE_SIZE) }).strict();
export type TToolClientsQuery = z.output<typeof ZToolClientsQuery>;
export const ZToolClients = z.object({ items: z.array(ZToolClient), nextCursor: z.string().nullable() });
export type TToolClient = z.infer<typeof ZToolClient>;
export type TToolClients = z.infer<typeof ZToolClients>;

export const ZToolEstateParams = z.object({ estateId: zId }).strict();

/** Most clients one progress export holds (a planner with more is told it was cut). */
export const TOOL_CLIENTS_LIMIT = 500;

/** The Invitation Templates card: the names of wireframe §9, each with a purpose in one line. */
export const INVITATION_TEMPLATE_PURPOSES = [
  { name: 'For Elderly Parents', purpose: 'Warm and unhurried, with an offer to sit down together and help in person.' },
  { name: 'For Tech-Savvy Relatives', purpose: 'Short and direct: what Heirloom does and how to get started on their own.' },
  { name: 'For Reluctant Family Members', purpose: 'Low pressure: no hurry, no commitment, just a first conversation.' },
  { name: 'For Those with Health Concerns', purpose: 'Gentle and practical: the few things worth doing first, at their pace.' },
  { name: 'Custom Message', purpose: 'Start from a blank message in your own words.' },
] as const;

/** Learning Resources: a slug is lower-case words joined by hyphens (anything else is a 400). */
export const zResourceSlug = z
  .string()
  .max(80, { message: 'Must be at most 80 characters' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'Must be lower-case words joined by hyphens' });
export const ZResourceParams = z.object({ slug: zResourceSlug }).strict();
export const ZResourceQuery = z.object({ q: z.string().trim().max(200, { message: 'Must be at most 200 characters' }).optional() }).strict();
export type TResourceQuery = z.infer<typeof ZResourceQuery>;

export const ZResourceSummary = z.object({ slug: z.string(), title: z.string(), summary: z.string(), minutes: z.number() });
export type TResourceSummary = z.infer<typeof ZResourceSummary>;
export const ZResourceList = z.object({ resources: z.array(ZResourceSummary) });
export type TResourceList = z.infer<typeof ZResourceList>;
/** One article, its body as HTML rendered on the server from the repository's own Markdown. */
export const ZResource = ZResourceSummary.extend({ html: z.string() });
export type TResource = z.infer<typeof ZResource>;

/** The article the Conversation Guide card opens. */
export const CONVERSATION_GUIDE_SLUG = 'starting-the-conversation';
