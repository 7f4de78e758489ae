/**
 * The Owner Kit's key, once opened in this tab: held in memory only (never stored or sent), so the
 * owner types their kit once per visit. Reloading the page or signing out forgets it.
 */
let held: { sealTag: string; identity: string } | null = null;

export const ownerKeyFor = (sealTag: string): string | null => (held?.sealTag === sealTag ? held.identity : null);
export function rememberOwnerKey(sealTag: string, identity: string): void {
  held = { sealTag, identity };
}
export function forgetOwnerKey(): void {
  held = null;
}
