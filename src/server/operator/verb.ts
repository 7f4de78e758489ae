/** One verb of the `heirloom` operator command (cli.ts). */
export interface Verb {
  name: string;
  /** One line for `heirloom --help`. */
  summary: string;
  /** The full text of `heirloom <verb> --help`. */
  help: string;
  /** Its implementation, loaded only when it runs (so `--help` starts fast). */
  load(): Promise<{ run: Run }>;
}

/** Exit code: 0 done, 1 a problem found or refused, 2 could not run (bad arguments). */
export type Run = (args: string[]) => Promise<number>;

/** How long each service may take to answer `heirloom check`. */
export const CHECK_TIMEOUT_MS = 10_000;

/** Rejects after `ms` with "<what>: no answer within N s", so an unreachable service never hangs a command. */
export function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The words of what went wrong on one line: the driver's own (a failed query wraps them in its `cause`). */
export function messageOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? cause.message : String(cause)).replace(/\s+/g, ' ').trim();
}

/** Arguments the verb cannot run with: the command prints it with the verb's help and exits 2. */
export class UsageError extends Error {}

/** A usage error, or node:util parseArgs refusing an unknown option or a missing value. */
export const isUsageError = (error: unknown): error is Error =>
  error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
