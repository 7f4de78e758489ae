import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

/**
 * The API modules (src/server/modules/<name>/) may use each other one way, never in a circle
 * (issue 26): what several modules share lives outside modules/ (lifecycle, identity, invitations,
 * settings, …) or is an event (src/server/events). import-x/no-cycle sees file cycles only; this
 * sees the modules' graph, from value imports of their non-test files (`import type` carries no code).
 */
const modulesDir = path.resolve(import.meta.dirname, '../../src/server/modules');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The relative specifiers a file imports or re-exports for their values. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const typesOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)));
      if (!typesOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers.filter((s) => s.startsWith('.'));
}

/** module → the other modules it imports values from, with one file pair each as evidence. */
function moduleGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const name of fs.readdirSync(modulesDir)) {
    if (!fs.statSync(path.join(modulesDir, name)).isDirectory()) continue;
    const edges = new Map<string, string>();
    graph.set(name, edges);
    for (const file of sourceFiles(path.join(modulesDir, name))) {
      for (const specifier of valueImports(file)) {
        const [target, ...rest] = path.relative(modulesDir, path.resolve(path.dirname(file), specifier)).split(path.sep);
        if (!target || target === '..' || target === name || rest.length === 0) continue;
        edges.set(target, `${path.relative(modulesDir, file)} → ${target}/${rest.join('/')}`);
      }
    }
  }
  return graph;
}

/** Tarjan's strongly connected components of more than one module. */
function cycles(graph: Map<string, Map<string, string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

it('no two API modules import each other, directly or round a circle', () => {
  const graph = moduleGraph();
  expect(graph.size).toBeGreaterThan(10);
  const described = cycles(graph).map((group) =>
    group.flatMap((from) => group.filter((to) => graph.get(from)!.has(to)).map((to) => graph.get(from)!.get(to)!)),
  );
  expect(described).toEqual([]);
});
