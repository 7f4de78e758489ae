import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { estates } from './estates.ts';

export const digitalAssets = pgTable(
  'digital_assets',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    institution: text('institution'),
    username: text('username'),
    platform: text('platform'),
    status: text('status').notNull().default('Active'),
    size: text('size'),
    url: text('url'),
    /** password, recovery codes, access instructions: JSON encrypted with the master key (AES-256-GCM) */
    secretsEnc: text('secrets_enc'),
    /** The secrets are sealed (ADR 0098, 0100): sealed in the owner's browser, kept in sealed_contents; secrets_enc is then null. */
    secretsSealed: boolean('secrets_sealed').notNull().default(false),
    /** Executor playbook (issue 13): what to do with the account after activation — key of PLAYBOOK_ACTIONS, null = not said. */
    afterDeathAction: text('after_death_action'),
    /** Where the account's two-factor device is (a phone, a key in a drawer) — never a code or secret. */
    twoFactorDevice: text('two_factor_device'),
    /** The owner's note to whoever carries the instruction out. */
    afterDeathNote: text('after_death_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // the owner's list in name order, paged by keyset
  (t) => [index('digital_assets_estate_name_idx').on(t.estateId, t.name, t.id)],
);
