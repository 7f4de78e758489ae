#!/usr/bin/env node
// The operator command (ADR 0081). In a checkout with the dev tools (tsx) it runs the source, so it is
// never older than the code beside it; an install without them runs the built copy (npm run build:server).
let register;
try {
  ({ register } = await import('tsx/esm/api'));
} catch {
  register = null;
}
if (register) {
  register();
  await import(new URL('../src/server/cli.ts', import.meta.url).href);
} else {
  await import(new URL('../dist/server/src/server/cli.js', import.meta.url).href);
}
