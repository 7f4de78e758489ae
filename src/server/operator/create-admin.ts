import { parseArgs } from 'node:util';
import { zEmail } from '../../core/common.schemas.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { createFirstAdmin } from '../modules/admin-users/create-first-admin.ts';
import { UsageError } from './verb.ts';

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, name: { type: 'string' }, force: { type: 'boolean', default: false } },
    strict: true,
  });
  const email = zEmail.safeParse(values.email ?? '');
  if (!email.success) {
    throw new UsageError(`--email: ${values.email ? `"${values.email}" is not an email address` : 'required'}`);
  }
  const name = values.name?.trim() || 'Administrator';
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  try {
    const made = await createFirstAdmin({ ...app.deps, actor: null, meta: { ip: '', userAgent: 'heirloom create-admin' } }, {
      email: email.data,
      name,
      force: values.force,
    });
    console.log(`${email.data} is an admin${made.existing ? ' (an existing account)' : ''}.`);
    if (made.link && made.expiresAt) {
      console.log(`Set-password link (works once, until ${made.expiresAt.toISOString()}):\n${made.link}`);
      console.log(config.smtpUrl ? 'The link was also emailed.' : 'SMTP_URL is not set: no email was sent; give them the link yourself.');
    } else {
      console.log('The account already has a password: they sign in with it.');
    }
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await app.close();
    await database.close();
  }
}
