import type { Db } from '../../src/server/db/client.ts';
import { documents } from '../../src/server/db/schema/documents.ts';
import { files } from '../../src/server/db/schema/files.ts';
import { users } from '../../src/server/db/schema/users.ts';
import { eq } from 'drizzle-orm';
import { insertSupportMember } from './estates.ts';
import { insertOwner, insertUser, type InsertedUser } from './users.ts';

export const insertPlanner = (db: Db, overrides: Parameters<typeof insertUser>[1] = {}) => insertUser(db, { roles: ['legacy-planner'], ...overrides });

const KEY_TYPES = ['legal', 'financial', 'personal'] as const;

/** `n` key documents (legal, financial, personal in turn) as bare rows: enough for completion, no file bytes. */
export async function insertKeyDocuments(db: Db, estateId: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const [file] = await db
      .insert(files)
      .values({ estateId, storageKey: `test/${estateId}/${i}`, originalName: 'key.pdf', mimeType: 'application/pdf', size: 10, sha256: 'x', wrappedKey: 'x', status: 'committed' })
      .returning();
    await db.insert(documents).values({ estateId, title: `Key document ${i + 1}`, type: KEY_TYPES[i % 3]!, fileId: file!.id, size: 10, mimeType: 'application/pdf' });
  }
}

export interface ClientOptions {
  name?: string;
  email?: string;
  /**
   * Key documents to add. A new owner stands at 8% overall (login alerts and activation on proof);
   * 3 documents make 13%, 15 make 33% (docs/decisions/0008).
   */
  keyDocuments?: number;
  lastActiveAt?: Date | null;
  createdAt?: Date;
}

/** An estate owner whose support team lists `planner` as their legacy planner (accepted): the planner's client. */
export async function insertClientOf(db: Db, planner: Pick<InsertedUser, 'id' | 'name' | 'email'>, options: ClientOptions = {}): Promise<InsertedUser> {
  const owner = await insertOwner(db, {
    ...(options.name ? { name: options.name } : {}),
    ...(options.email ? { email: options.email } : {}),
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  if (options.lastActiveAt !== undefined) await db.update(users).set({ lastActiveAt: options.lastActiveAt }).where(eq(users.id, owner.id));
  await insertSupportMember(db, owner.estateId!, { role: 'legacy-planner', userId: planner.id, name: planner.name, email: planner.email, acceptedAt: new Date() });
  await insertKeyDocuments(db, owner.estateId!, options.keyDocuments ?? 0);
  return owner;
}

/** A planner with one client per entry of `clients`. */
export async function insertPlannerWithClients(db: Db, clients: ClientOptions[], plannerOverrides: Parameters<typeof insertUser>[1] = {}) {
  const planner = await insertPlanner(db, plannerOverrides);
  const owners: InsertedUser[] = [];
  for (const c of clients) owners.push(await insertClientOf(db, planner, c));
  return { planner, clients: owners };
}
