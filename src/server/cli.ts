import { ConfigError } from './config.ts';
import { isUsageError, messageOf } from './operator/verb.ts';
import { VERBS } from './operator/verbs.ts';

/**
 * `heirloom <verb>` (ADR 0081), the operator's command: `bin/heirloom.js` runs the built copy of
 * this file, `npm run heirloom -- <verb>` runs it from source. It reads the same environment as
 * the server.
 */
const USAGE = `Usage: heirloom <command> [options]

Commands:
${VERBS.map((v) => `  ${v.name.padEnd(14)}${v.summary}`).join('\n')}

\`heirloom <command> --help\` explains one command. Every command reads the server's settings
from the environment (DATABASE_URL, DATA_DIR, S3_*, SMTP_URL, MASTER_KEY, …; see docs/deploy.md).`;

async function runCli(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(USAGE);
    return name ? 0 : 2;
  }
  const verb = VERBS.find((v) => v.name === name);
  if (!verb) {
    console.error(`Unknown command: ${name}\n\n${USAGE}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    console.log(verb.help);
    return 0;
  }
  try {
    const { run } = await verb.load();
    return await run(args);
  } catch (error) {
    if (isUsageError(error)) {
      console.error(`${error.message}\n\n${verb.help}`);
      return 2;
    }
    console.error(error instanceof ConfigError ? error.message : `heirloom ${name} failed: ${messageOf(error)}`);
    return 1;
  }
}

process.exit(await runCli(process.argv.slice(2)));
