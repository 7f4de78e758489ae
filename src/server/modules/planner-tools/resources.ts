import type { TResource, TResourceList, TResourceQuery } from '../../../core/planner-tools.schemas.ts';
import { notFound } from '../../lib/app-error.ts';
import { articles, searchArticles, summaryOf } from './resource-library.ts';

/** Learning Resources: every article, or those matching the search, best first. */
export function listResources(query: TResourceQuery): TResourceList {
  return { resources: searchArticles(articles(), query.q).map(summaryOf) };
}

/** One article with its HTML; an unknown slug is 404. */
export function getResource(slug: string): TResource {
  const article = articles().find((a) => a.slug === slug);
  if (!article) throw notFound('That article');
  return { ...summaryOf(article), html: article.html };
}
