import { useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A query parameter that must be an id; anything else reads as absent (so a bad link is not an error). */
export function idParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  return value && UUID.test(value) ? value : undefined;
}

/** The search text of a list (`?q=`), trimmed and bounded like the API's. */
export const searchParam = (params: URLSearchParams): string => (params.get('q') ?? '').trim().slice(0, 200);

/**
 * One query parameter as state (e.g. `?view=<id>` for the open dialog): setting it replaces the
 * history entry and keeps the scroll position; null removes it.
 */
export function useQueryParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) =>
    setParams(
      (p) => {
        if (value) p.set(name, value);
        else p.delete(name);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  return [params.get(name), set];
}

/**
 * A route's `shouldRevalidate` that skips reloading its data when only the given query parameters
 * changed (e.g. `?view=…` opening a dialog over a list). Explicit revalidations still run.
 */
export function ignoringParams(...names: string[]) {
  const key = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of names) params.delete(name);
    params.sort();
    return `${url.pathname}?${params.toString()}`;
  };
  return ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean => {
    if (currentUrl.href !== nextUrl.href && key(currentUrl) === key(nextUrl)) return false;
    return defaultShouldRevalidate;
  };
}
