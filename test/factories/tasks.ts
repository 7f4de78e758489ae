import { faker } from '@faker-js/faker';
import { TASK_CATEGORIES, TASK_PRIORITIES } from '../../src/core/constants.ts';
import type { Db } from '../../src/server/db/client.ts';
import { tasks } from '../../src/server/db/schema/tasks.ts';

type TaskInsert = typeof tasks.$inferInsert;

export function buildTask(estateId: string, overrides: Partial<TaskInsert> = {}): TaskInsert {
  return {
    estateId,
    title: faker.helpers.arrayElement(['Review', 'Update', 'Upload', 'Record', 'Check']) + ' ' + faker.lorem.words(3),
    description: faker.lorem.sentence(),
    status: 'pending',
    priority: faker.helpers.arrayElement(TASK_PRIORITIES),
    category: faker.helpers.arrayElement(TASK_CATEGORIES),
    dueDate: faker.date.soon({ days: 60 }).toISOString().slice(0, 10),
    source: 'user',
    ...overrides,
  };
}

export async function insertTask(db: Db, estateId: string, overrides: Partial<TaskInsert> = {}) {
  const [row] = await db.insert(tasks).values(buildTask(estateId, overrides)).returning();
  return row!;
}
