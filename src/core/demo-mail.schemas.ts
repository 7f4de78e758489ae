/**
 * Demo mode's Mail screen (ADR 0006): what the platform sent, readable by any visitor of a local demo.
 *
 *   GET /api/v1/demo/mail?to&cursor   → ZDemoMailPage (newest first; 404 outside demo mode)
 *   GET /api/v1/demo/mail/:id         → ZDemoMail (the plain text; 404 outside demo mode)
 */
import { z } from 'zod';
import { zEmail } from './common.schemas.ts';
import { zCursor } from './keyset.schemas.ts';

export const DEMO_MAIL_PAGE_SIZE = 25;

export const ZDemoMailListQuery = z
  .object({
    /** only mail to this address */
    to: zEmail.optional(),
    cursor: zCursor(['instant', 'id']).optional(),
  })
  .strict();

export const ZDemoMailSummary = z.object({ id: z.string(), to: z.string(), subject: z.string(), kind: z.string(), createdAt: z.string() });
export type TDemoMailSummary = z.infer<typeof ZDemoMailSummary>;
export const ZDemoMailPage = z.object({ items: z.array(ZDemoMailSummary), nextCursor: z.string().nullable() });
export type TDemoMailPage = z.infer<typeof ZDemoMailPage>;
export const ZDemoMail = ZDemoMailSummary.extend({
  text: z.string(),
  /** the site's public address: links to it open inside the app, whatever host the demo runs on */
  siteUrl: z.string(),
});
export type TDemoMail = z.infer<typeof ZDemoMail>;

/** Plain text cut into text and web links, for showing a mail as text nodes and anchors (never as HTML). */
export function linkify(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'“”]+[^\s<>"'“”.,;:!?)]/g)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[0], href: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
