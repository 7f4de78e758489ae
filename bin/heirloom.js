#!/usr/bin/env node
// The operator command (ADR 0081): the built CLI (npm run build:server), or from source through tsx in a checkout.
import fs from 'node:fs';

const built = new URL('../dist/server/src/server/cli.js', import.meta.url);
if (fs.existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/server/cli.ts', import.meta.url).href);
}
