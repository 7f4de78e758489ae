import type { ShouldRevalidateFunctionArgs } from 'react-router';

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
