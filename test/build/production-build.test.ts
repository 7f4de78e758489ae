import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

/**
 * The production build (`tsc -p tsconfig.server.json` → dist/server) holds the server and nothing
 * that only tests or the demo need: no test factories, no demo seed, no faker (issue 26). The
 * program tsc builds from the config is every file it would emit or read types from, so a new
 * import of the seed or a factory from a server file fails here.
 */
const root = path.resolve(import.meta.dirname, '../..');

function productionProgramFiles(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.server.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!config) throw new Error('tsconfig.server.json could not be read');
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  return program.getSourceFiles().map((file) => path.relative(root, file.fileName));
}

it('builds the server without the test folder, the demo seed or faker', () => {
  const files = productionProgramFiles();
  expect(files).toContain('src/server/main.ts');
  expect(files.filter((file) => file.startsWith('test/'))).toEqual([]);
  expect(files.filter((file) => file.startsWith('src/server/db/seed/'))).toEqual([]);
  expect(files.filter((file) => file.includes('@faker-js'))).toEqual([]);
});

it('installs faker only with the development dependencies', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  expect(Object.keys(manifest.dependencies ?? {})).not.toContain('@faker-js/faker');
  expect(Object.keys(manifest.devDependencies ?? {})).toContain('@faker-js/faker');
});
