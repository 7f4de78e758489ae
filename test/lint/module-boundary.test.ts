import path from 'node:path';
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';

/**
 * `npm run lint` refuses an API module importing another module, and shared server code importing
 * a module (heirloom/module-boundary in eslint.config.js, ADR 0093). The rule reads only paths, so
 * the files need not exist: each is linted as text under the name it would have.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'heirloom/module-boundary').map((m) => m.message);
}

it('refuses a module importing or re-exporting another module, and lets it use its own files and the shared folders', async () => {
  const errors = await boundaryErrors(
    'src/server/modules/tasks/new-service.ts',
    [
      "import { listMemories } from '../memories/list-memories.ts';",
      "export { getDashboard } from '../dashboard/get-dashboard.ts';",
      "import { toTask } from '../../views/task-view.ts';",
      "import { listTasks } from './list-tasks.ts';",
      'export const use = [listMemories, toTask, listTasks];',
    ].join('\n'),
  );
  expect(errors).toEqual([
    expect.stringContaining('Module "tasks" must not import module "memories"'),
    expect.stringContaining('Module "tasks" must not import module "dashboard"'),
  ]);
});

it('refuses shared server code importing a module, and lets the wiring and the tests do it', async () => {
  const text = "import { listTasks } from '../modules/tasks/list-tasks.ts';\nexport const use = listTasks;\n";
  expect(await boundaryErrors('src/server/views/new-view.ts', text)).toEqual([expect.stringContaining('Shared server code must not import the API module "tasks"')]);
  expect(await boundaryErrors('src/server/events/subscribers.ts', text)).toEqual([]);
  expect(await boundaryErrors('src/server/jobs/new-job.ts', text)).toEqual([]);
  expect(await boundaryErrors('src/server/views/new-view.test.ts', text)).toEqual([]);
});
