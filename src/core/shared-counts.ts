/**
 * Counts are counted by the database up to this many and no further (ADR 0053): a count above it
 * means "more than SHARED_COUNT_CAP" and reads "500+". Kept apart from the zod schemas so the
 * screens that show a count do not load zod (ADR 0056).
 */
export const SHARED_COUNT_CAP = 500;

/** "12", or "500+" for a count the server stopped at. */
export const sharedCountLabel = (n: number) => (n > SHARED_COUNT_CAP ? `${SHARED_COUNT_CAP}+` : String(n));
