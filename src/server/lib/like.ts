/** An ILIKE pattern that matches `text` literally anywhere (%, _ and \ in the input are escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
