import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import type { TResource, TResourceSummary } from '../../../core/planner-tools.schemas.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * The articles are Markdown in the repository's content/resources. From source this file is four
 * folders below the repository; compiled (dist/server/src/server/modules/planner-tools) it is six.
 */
export const RESOURCES_DIR =
  [path.resolve(here, '../../../../content/resources'), path.resolve(here, '../../../../../../content/resources')].find((dir) =>
    fs.existsSync(dir),
  ) ?? path.resolve(here, '../../../../content/resources');

export interface Article extends TResource {
  /** lower-case plain text of title, summary and body, for search */
  searchTitle: string;
  searchSummary: string;
  searchBody: string;
}

/** `---\nkey: value\n---\nbody`; a file without title, summary and minutes is a build mistake, so it throws. */
export function parseArticle(slug: string, source: string): Article {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`content/resources/${slug}.md has no front matter`);
  const meta = Object.fromEntries(
    match[1]!.split(/\r?\n/).flatMap((line) => {
      const at = line.indexOf(':');
      return at > 0 ? [[line.slice(0, at).trim(), line.slice(at + 1).trim()]] : [];
    }),
  ) as Record<string, string | undefined>;
  const minutes = Number(meta.minutes);
  if (!meta.title || !meta.summary || !Number.isInteger(minutes)) {
    throw new Error(`content/resources/${slug}.md needs title, summary and minutes in its front matter`);
  }
  const body = match[2]!;
  // The Markdown is ours (in the repository, reviewed like code), so its HTML is trusted.
  const html = marked.parse(body, { async: false });
  const plain = (text: string) => text.replace(/[#*_`>[\]()-]/g, ' ').replace(/\s+/g, ' ').toLowerCase();
  return {
    slug,
    title: meta.title,
    summary: meta.summary,
    minutes,
    html,
    searchTitle: plain(meta.title),
    searchSummary: plain(meta.summary),
    searchBody: plain(body),
  };
}

let cache: Article[] | null = null;

/** Every article, read and rendered once per process (they change only with a release). */
export function articles(): Article[] {
  cache ??= fs
    .readdirSync(RESOURCES_DIR)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseArticle(name.slice(0, -3), fs.readFileSync(path.join(RESOURCES_DIR, name), 'utf8')));
  return cache;
}

export const summaryOf = ({ slug, title, summary, minutes }: Article): TResourceSummary => ({ slug, title, summary, minutes });

const occurrences = (text: string, word: string) => text.split(word).length - 1;

/**
 * Articles containing every word of the query (in the title, summary or body), best first: a word
 * in the title counts 5, in the summary 3, each time in the body 1. No query: all, by title.
 */
export function searchArticles(all: readonly Article[], query: string | undefined): Article[] {
  const words = (query ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!words.length) return [...all].sort((a, b) => a.title.localeCompare(b.title));
  const scored = all.flatMap((a) => {
    let score = 0;
    for (const word of words) {
      const s = occurrences(a.searchTitle, word) * 5 + occurrences(a.searchSummary, word) * 3 + occurrences(a.searchBody, word);
      if (s === 0) return [];
      score += s;
    }
    return [{ a, score }];
  });
  return scored.sort((x, y) => y.score - x.score || x.a.title.localeCompare(y.a.title)).map((x) => x.a);
}
