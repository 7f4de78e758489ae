import { afterEach, beforeEach, vi } from 'vitest';

// console.error fails a test: an error logged where none was expected is a bug.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length) throw new Error(`console.error was called: ${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
});
