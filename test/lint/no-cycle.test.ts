import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, expect, it } from 'vitest';

/**
 * `npm run lint` reports no import cycles; this proves it would (ADR 0090). import-x silently skips
 * files it cannot parse, so a config that loses its TypeScript parser or resolver passes the lint
 * with no cycle found. The files live under .tmp/, which the lint ignores (so a concurrent
 * `eslint .` never sees them); `ignore: false` lints them here with the project's config.
 */
const root = path.resolve(import.meta.dirname, '../..');
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
const dir = fs.mkdtempSync(path.join(root, '.tmp', 'no-cycle-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

it('reports two TypeScript files that import each other, and not a one-way import', async () => {
  const a = write('a.ts', "import { b } from './b.ts';\nexport const a = (): number => b() + 1;\n");
  write('b.ts', "import { a } from './a.ts';\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n");
  const oneWay = write('one-way.ts', "import { leaf } from './leaf.ts';\nexport const oneWay = (): number => leaf;\n");
  write('leaf.ts', 'export const leaf = 1;\n');

  const eslint = new ESLint({ cwd: root, ignore: false });
  const results = await eslint.lintFiles([a, oneWay]);
  const rulesOf = (file: string) => results.find((r) => r.filePath === file)!.messages.map((m) => m.ruleId ?? m.message);

  expect(rulesOf(a)).toEqual(['import-x/no-cycle']);
  expect(rulesOf(oneWay)).toEqual([]);
});
