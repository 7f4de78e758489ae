import type pg from 'pg';

export interface PlatformTable {
  name: string;
  /** Stored columns in table order (generated columns are computed again on load, so left out). */
  columns: string[];
}

/**
 * The app's tables (schema public: drizzle's migrations and pg-boss keep theirs in schemas of their
 * own), parents before children, so rows load in that order with every foreign key checked.
 */
export async function platformTables(client: pg.ClientBase): Promise<PlatformTable[]> {
  const { rows: columns } = await client.query<{ table: string; column: string }>(`
    SELECT c.relname AS table, a.attname AS column
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE c.relkind IN ('r', 'p')
    ORDER BY c.relname COLLATE "C", a.attnum`);
  const { rows: references } = await client.query<{ child: string; parent: string }>(`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint k
    JOIN pg_class child ON child.oid = k.conrelid AND child.relnamespace = 'public'::regnamespace
    JOIN pg_class parent ON parent.oid = k.confrelid AND parent.relnamespace = 'public'::regnamespace
    WHERE k.contype = 'f' AND k.conrelid <> k.confrelid`);
  const tables = new Map<string, string[]>();
  for (const row of columns) tables.set(row.table, [...(tables.get(row.table) ?? []), row.column]);
  const parentsOf = new Map<string, Set<string>>([...tables.keys()].map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) parentsOf.get(child)?.add(parent);

  const ordered: PlatformTable[] = [];
  const placed = new Set<string>();
  while (placed.size < tables.size) {
    const ready = [...tables.keys()].filter((name) => !placed.has(name) && [...parentsOf.get(name)!].every((p) => placed.has(p)));
    // A cycle of foreign keys would need deferred constraints; the schema has none (ADR 0084).
    if (!ready.length) throw new Error(`foreign keys form a cycle among: ${[...tables.keys()].filter((n) => !placed.has(n)).join(', ')}`);
    for (const name of ready) {
      placed.add(name);
      ordered.push({ name, columns: tables.get(name)! });
    }
  }
  return ordered;
}

/** `"a", "b"`: identifiers for SQL (names come from the catalog or a checked manifest). */
export const columnList = (columns: string[]) => columns.map((c) => `"${c}"`).join(', ');
