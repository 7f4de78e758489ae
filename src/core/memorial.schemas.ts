/**
 * The memorial page (issue 28 item 5, ADR 0105): a few paragraphs, a photo, remembrance wishes and a
 * donation link, drafted by the owner while planning; published after activation by those who
 * settle the estate, to family members with an account or to anyone with its unlisted link; a
 * guestbook whose messages show once the executor approves them.
 */
import { z } from 'zod';
import { zId, zOptionalText } from './common.schemas.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';

export const MEMORIAL_AUDIENCES = {
  family: 'Family members with an account',
  link: 'Anyone with the link',
} as const;
export type MemorialAudience = keyof typeof MEMORIAL_AUDIENCES;
export const MEMORIAL_AUDIENCE_KEYS = Object.keys(MEMORIAL_AUDIENCES) as [MemorialAudience, ...MemorialAudience[]];

export const MEMORIAL_MESSAGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type MemorialMessageStatus = (typeof MEMORIAL_MESSAGE_STATUSES)[number];

export const MEMORIAL_BODY_MAX = 6000;
export const MEMORIAL_WISHES_MAX = 2000;
export const GUESTBOOK_NAME_MAX = 80;
export const GUESTBOOK_MESSAGE_MAX = 2000;
/** Guestbook messages per page (public page and the executor's review list). */
export const MEMORIAL_MESSAGES_PAGE_SIZE = 20;
/** What a memorial's page and its API answers tell crawlers (X-Robots-Tag and the page's robots meta): never indexed, never followed. */
export const MEMORIAL_ROBOTS = 'noindex, nofollow, noarchive';
/** The web screen of a memorial's unlisted page (core/app-routes.ts). */
export const MEMORIAL_SCREEN = 'memorial';
/** Where memorials' unlisted pages are (core/app-routes.ts: 'memorial/:token'); robots.txt keeps crawlers out of it. */
export const MEMORIAL_PATHS = '/memorial/';
/** The web path of a memorial's unlisted page. */
export const memorialPath = (token: string) => `${MEMORIAL_PATHS}${token}`;

/** PUT …/memorial: the draft's words, link and photo (what is not sent stays). */
export const ZMemorialDraft = z
  .object({
    body: z.string().trim().max(MEMORIAL_BODY_MAX, { message: `The words can be at most ${MEMORIAL_BODY_MAX} characters` }).optional(),
    wishes: zOptionalText(MEMORIAL_WISHES_MAX, 'The wishes'),
    donationUrl: z
      .string()
      .trim()
      .max(500, { message: 'The address can be at most 500 characters' })
      .refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), { message: 'Give the full address of the donation page, starting https://' })
      .transform((v) => v || null)
      .nullable()
      .optional(),
    photoMediaId: zId.nullable().optional(),
  })
  .strict();
export type TMemorialDraft = z.output<typeof ZMemorialDraft>;
export type TMemorialDraftInput = z.input<typeof ZMemorialDraft>;

/** POST …/memorial/publish: to whom. */
export const ZPublishMemorial = z.object({ audience: z.enum(MEMORIAL_AUDIENCE_KEYS, { message: 'Choose who may see the memorial' }) }).strict();
export type TPublishMemorial = z.output<typeof ZPublishMemorial>;

export const ZMemorialPhotoChoice = z.object({ mediaId: z.string(), title: z.string() });

/** GET …/memorial: the draft or published memorial, for the owner (planning) or those who settle the estate. */
export const ZMemorial = z.object({
  estateId: z.string(),
  ownerName: z.string(),
  body: z.string(),
  wishes: z.string().nullable(),
  donationUrl: z.string().nullable(),
  /** the chosen photo, with the address the signed-in manager sees it at */
  photo: z.object({ mediaId: z.string(), title: z.string(), url: z.string() }).nullable(),
  /** the estate's memory photos the memorial may show (not sealed ones), newest first, at most 50 */
  photoChoices: z.array(ZMemorialPhotoChoice),
  status: z.enum(['draft', 'published']),
  audience: z.enum(MEMORIAL_AUDIENCE_KEYS).nullable(),
  /** the unlisted page's path, once published at least once */
  path: z.string().nullable(),
  published: z.object({ byName: z.string(), at: z.string() }).nullable(),
  /** guestbook messages waiting for approval */
  pending: z.number().int(),
  /** owner: drafting while planning; work: reviewing and publishing after activation; read: a beneficiary following (published memorials only) */
  mode: z.enum(['owner', 'work', 'read']),
});
export type TMemorial = z.infer<typeof ZMemorial>;

export const ZMemorialMessage = z.object({
  id: z.string(),
  authorName: z.string(),
  body: z.string(),
  status: z.enum(MEMORIAL_MESSAGE_STATUSES),
  createdAt: z.string(),
});
export type TMemorialMessage = z.infer<typeof ZMemorialMessage>;

export const ZMemorialMessagesQuery = z
  .object({ status: z.enum(MEMORIAL_MESSAGE_STATUSES).default('pending'), cursor: zCursor(['instant', 'id']).optional(), limit: zPageSize(MEMORIAL_MESSAGES_PAGE_SIZE) })
  .strict();
export type TMemorialMessagesQuery = z.output<typeof ZMemorialMessagesQuery>;

export const ZMemorialMessages = z.object({ items: z.array(ZMemorialMessage), nextCursor: z.string().nullable() });
export type TMemorialMessages = z.infer<typeof ZMemorialMessages>;

export const ZMemorialMessageParams = z.object({ id: zId, messageId: zId }).strict();

/** The unlisted page's address part: 43 base64url characters. */
export const ZMemorialTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'That is not a memorial’s address' }) }).strict();
export const ZMemorialPageQuery = z.object({ cursor: zCursor(['instant', 'id']).optional() }).strict();

/** GET /api/v1/memorials/:token: what a visitor sees — never a draft, never a waiting message. */
export const ZMemorialPage = z.object({
  ownerName: z.string(),
  /** "1936 – 2026" when the dates are known */
  lifespan: z.string().nullable(),
  body: z.string(),
  wishes: z.string().nullable(),
  donationUrl: z.string().nullable(),
  photoUrl: z.string().nullable(),
  photoTitle: z.string().nullable(),
  audience: z.enum(MEMORIAL_AUDIENCE_KEYS),
  messages: z.array(ZMemorialMessage.omit({ status: true })),
  nextCursor: z.string().nullable(),
});
export type TMemorialPage = z.infer<typeof ZMemorialPage>;

/** POST /api/v1/memorials/:token/messages: a visitor's message, kept as plain text. */
export const ZGuestbookMessage = z
  .object({
    name: z.string().trim().min(1, { message: 'Say who the message is from' }).max(GUESTBOOK_NAME_MAX, { message: `The name can be at most ${GUESTBOOK_NAME_MAX} characters` }),
    message: z.string().trim().min(1, { message: 'Write a message' }).max(GUESTBOOK_MESSAGE_MAX, { message: `The message can be at most ${GUESTBOOK_MESSAGE_MAX} characters` }),
  })
  .strict();
export type TGuestbookMessage = z.output<typeof ZGuestbookMessage>;

export const GUESTBOOK_THANKS = 'Thank you. Your message will appear once the family has seen it.';
