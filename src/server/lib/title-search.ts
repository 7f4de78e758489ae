import { ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { containsPattern } from './like.ts';

/** The owner's words as a full-text query (websearch syntax: quotes, OR, -word). */
export const fullTextQuery = (q: string): SQL => sql`websearch_to_tsquery('english', ${q})`;

/**
 * Rows whose text matches the words (full text, through the GIN index on `vector`), or whose title
 * holds them as typed — a word being typed ("gard" → Garden) or a small typo ("gardn") — through the
 * trigram GIN index on `title` (gin_trgm_ops). Each arm is a predicate its own index answers, so
 * PostgreSQL combines them with a BitmapOr instead of scanning every row (bench/explain).
 */
export function titleOrTextMatches(vector: AnyColumn, title: AnyColumn, q: string): SQL {
  return or(sql`${vector} @@ ${fullTextQuery(q)}`, ilike(title, containsPattern(q)), sql`${q} <% ${title}`) as SQL;
}
