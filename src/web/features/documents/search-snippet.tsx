import { snippetParts } from '../../../core/documents.schemas.ts';

/**
 * Where a search matched inside the file: the words between the server's markers become <mark>,
 * everything else plain text nodes (the text is the user's own file: never rendered as HTML).
 */
export function SearchSnippet({ snippet }: { snippet: string }) {
  return (
    <p className="mt-1.5 rounded-md bg-stone-50 px-2.5 py-1.5 text-sm break-words text-stone-700" data-testid="search-snippet">
      <span className="sr-only">Found in the text: </span>
      <span aria-hidden="true">…</span>
      {snippetParts(snippet).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-stone-900">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
      <span aria-hidden="true">…</span>
    </p>
  );
}
