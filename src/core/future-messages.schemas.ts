import { z } from 'zod';
import { zId, zIsoDate } from './common.schemas.ts';
import { ACTIVATION_CONDITIONS, DELIVERY_RULES, FUTURE_MESSAGE_STATUSES } from './constants.ts';
import type { ActivationCondition } from './delivery-words.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';
import { SEALED_ARMOR_MAX, ZSealTag } from './estate-seal.schemas.ts';
import { isArmoredAge } from './seal/armor.ts';

export const FUTURE_MESSAGE_SUBJECT_MAX = 200;
export const FUTURE_MESSAGE_BODY_MAX = 20_000;
export const FUTURE_MESSAGE_ATTACHMENTS_MAX = 50;
export const DAYS_AFTER_ACTIVATION_MAX = 3650;

/** What the owner asks for when composing: save as a draft, or schedule it. */
export const SAVE_AS = ['draft', 'scheduled'] as const;

/**
 * Compose / edit a future message (the whole message; PUT replaces it). The delivery rule's own
 * field is required by the rule: `deliverOn` for on_date, `daysAfterActivation` for after_activation.
 * `recipientDateOfBirth` fills in a birthday the recipient's record does not have yet.
 */
export const ZSaveFutureMessageRequest = z
  .object({
    recipientId: zId,
    subject: z.string().trim().min(1).max(FUTURE_MESSAGE_SUBJECT_MAX),
    /** The letter, or when sealed the armoured age file the browser made of it (ADR 0098). */
    body: z.string().trim().min(1).max(SEALED_ARMOR_MAX),
    /** Present only for a sealed letter: the seal its body was sealed to. */
    sealTag: ZSealTag.optional(),
    deliveryRule: z.enum(DELIVERY_RULES, { message: 'Choose when it is delivered' }),
    deliverOn: zIsoDate.nullish(),
    daysAfterActivation: z.number().int().min(0).max(DAYS_AFTER_ACTIVATION_MAX).nullish(),
    recipientDateOfBirth: zIsoDate.nullish(),
    memoryIds: z.array(zId).max(FUTURE_MESSAGE_ATTACHMENTS_MAX).default([]),
    documentIds: z.array(zId).max(FUTURE_MESSAGE_ATTACHMENTS_MAX).default([]),
    status: z.enum(SAVE_AS),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.sealTag && value.body.length > FUTURE_MESSAGE_BODY_MAX) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: `Keep the message under ${FUTURE_MESSAGE_BODY_MAX.toLocaleString('en-GB')} characters` });
    }
    if (value.sealTag && !isArmoredAge(value.body)) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'A sealed letter must be sealed in your browser before it is sent' });
    }
    if (value.sealTag && value.deliveryRule !== 'after_activation') {
      ctx.addIssue({ code: 'custom', path: ['deliveryRule'], message: 'Only a letter delivered after your passing can be sealed' });
    }
    if (value.deliveryRule === 'on_date' && !value.deliverOn) {
      ctx.addIssue({ code: 'custom', path: ['deliverOn'], message: 'Choose the delivery date' });
    }
    if (value.deliveryRule === 'after_activation' && (value.daysAfterActivation === null || value.daysAfterActivation === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['daysAfterActivation'], message: 'Enter the number of days after activation' });
    }
  });
export type TSaveFutureMessageRequest = z.input<typeof ZSaveFutureMessageRequest>;
export type TSaveFutureMessage = z.output<typeof ZSaveFutureMessageRequest>;

export const ZFutureMessageRecipient = z.object({
  id: z.string(),
  name: z.string(),
  initials: z.string(),
  relationship: z.string(),
});

export const ZFutureMessage = z.object({
  id: z.string(),
  /** null once the beneficiary was removed: the message went back to draft and needs a new recipient. */
  recipient: ZFutureMessageRecipient.nullable(),
  subject: z.string(),
  /** SEALED_TEXT when sealed: the words open only with the Owner Kit, or the trustees' kits after activation */
  body: z.string(),
  sealed: z.boolean(),
  deliveryRule: z.enum(DELIVERY_RULES),
  deliverOn: z.string().nullable(),
  daysAfterActivation: z.number().nullable(),
  /**
   * The rule in words, from the recipient's side and in the owner's time zone (core/delivery-words.ts):
   * "On Emily's next birthday — 14 March 2027, 09:00 Europe/London", "One year after my passing".
   */
  deliveryInWords: z.string(),
  status: z.enum(FUTURE_MESSAGE_STATUSES),
  /** When the scheduler delivers it; null for drafts and for after-activation messages before activation. */
  dueAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** Why a scheduled message past its time has not gone yet (e.g. the recipient has no account yet). */
  waitingFor: z.string().nullable(),
  memoryIds: z.array(z.string()),
  documentIds: z.array(z.string()),
  attachments: z.object({ memories: z.number(), documents: z.number() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TFutureMessage = z.infer<typeof ZFutureMessage>;

export const ZFutureMessageList = z.object({
  items: z.array(ZFutureMessage),
  /** give back as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  /** how many of the owner's messages are in each status, all pages */
  counts: z.object({ scheduled: z.number(), draft: z.number(), delivered: z.number() }),
});

export const FUTURE_MESSAGE_PAGE_SIZE = 20;
/** GET /api/v1/future-messages — one page in list order (ADR 0059). */
export const ZFutureMessageListQuery = z.object({ cursor: zCursor(['ordinal', 'dueInstant', 'instant', 'id']).optional(), limit: zPageSize(FUTURE_MESSAGE_PAGE_SIZE) }).strict();
export type TFutureMessageListQuery = z.infer<typeof ZFutureMessageListQuery>;
export type TFutureMessageList = z.infer<typeof ZFutureMessageList>;

/** Who and what the compose form can pick from: the owner's beneficiaries, memories and documents. */
export const ZFutureMessageOptions = z.object({
  recipients: z.array(
    ZFutureMessageRecipient.extend({
      /** Known date of birth (needed for the birthday rule). */
      dateOfBirth: z.string().nullable(),
      /** Their "messages" access flag: future messages go only to recipients who may receive messages. */
      messagesAccess: z.boolean(),
      /** Whether they have an account yet (delivery waits for it). */
      hasAccount: z.boolean(),
    }),
  ),
  memories: z.array(z.object({ id: z.string(), title: z.string(), date: z.string() })),
  documents: z.array(z.object({ id: z.string(), title: z.string(), type: z.string() })),
  estateActive: z.boolean(),
  /** What activates the estate ("after my passing" or "after my estate is activated"). */
  activationCondition: z.enum(Object.keys(ACTIVATION_CONDITIONS) as [ActivationCondition, ...ActivationCondition[]]),
  /** The owner's time zone: delivery times are read in it. */
  timeZone: z.string(),
  /** The estate's seal, to seal a letter to in the browser (null: none made yet). */
  seal: z.object({ recipient: z.string(), sealTag: z.string() }).nullable(),
});
export type TFutureMessageOptions = z.infer<typeof ZFutureMessageOptions>;

/** What the recipient will see when it is delivered. */
export const ZFutureMessagePreview = z.object({
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  deliveryInWords: z.string(),
  memories: z.array(z.object({ id: z.string(), title: z.string(), date: z.string(), description: z.string() })),
  documents: z.array(z.object({ id: z.string(), title: z.string(), type: z.string() })),
});
export type TFutureMessagePreview = z.infer<typeof ZFutureMessagePreview>;
