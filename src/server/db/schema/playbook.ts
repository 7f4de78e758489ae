import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { digitalAssets } from './digital-assets.ts';
import { estates } from './estates.ts';
import { users } from './users.ts';

/**
 * Executor playbook ticks (issue 13 item 6): one row per digital asset whose after-death instruction
 * has been carried out, with who ticked it and when. The primary key on the asset makes a tick
 * happen once however many people tick at the same moment; an untick deletes the row.
 */
export const playbookTicks = pgTable(
  'playbook_ticks',
  {
    assetId: uuid('asset_id')
      .primaryKey()
      .references(() => digitalAssets.id, { onDelete: 'cascade' }),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    tickedBy: uuid('ticked_by').references(() => users.id, { onDelete: 'set null' }),
    tickedAt: ts('ticked_at').notNull(),
  },
  (t) => [index('playbook_ticks_estate_idx').on(t.estateId)],
);
