import { MAX_SUPPORT_TEAM } from '../../../core/constants.ts';
import type { Db } from '../../db/client.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { assertEstateRoom } from '../../lib/estate-room.ts';

/** Inside the adding transaction: 409 once the support team holds MAX_SUPPORT_TEAM people (ADR 0065). */
export const assertSupportTeamRoom = (db: Db, estateId: string) =>
  assertEstateRoom(db, {
    table: supportTeamMembers,
    estateColumn: supportTeamMembers.estateId,
    estateId,
    max: MAX_SUPPORT_TEAM,
    message: `Your support team has ${MAX_SUPPORT_TEAM} people, the most it can have. Remove someone before adding another.`,
  });
