/** "3 memories", or "24 memories shown, more to load" while a list has further pages. */
export function shownCountLabel(shown: number, nextCursor: string | null, one: string, many: string): string {
  const words = `${shown} ${shown === 1 ? one : many}`;
  return nextCursor ? `${words} shown, more to load` : words;
}
