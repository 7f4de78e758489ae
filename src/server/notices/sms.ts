import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

export interface SmsMessage {
  to: string;
  text: string;
  /** notification, digest, … */
  kind: string;
}

/** Sends text messages. The local adapter is the only one until an SMS provider is configured. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** File the local adapter appends to (one JSON line per message): the SMS twin of the mail outbox. */
export const SMS_LOG_FILE = 'sms-outbox.log';

/**
 * Local mode: each text message is logged to `DATA_DIR/sms-outbox.log` instead of being sent, so
 * demos and tests can see exactly what would have gone out. The file lives with the rest of the
 * private data (mode 0600); nothing is written to the process log.
 */
export function createSmsSender(config: Pick<Config, 'dataDir'>): SmsSender {
  const file = path.join(config.dataDir, SMS_LOG_FILE);
  return {
    async send(message) {
      await fs.mkdir(config.dataDir, { recursive: true });
      const line = JSON.stringify({ at: new Date().toISOString(), ...message }) + '\n';
      await fs.appendFile(file, line, { mode: 0o600 });
    },
  };
}

/** What the local adapter logged (demo outbox, tests). */
export async function readSmsLog(config: Pick<Config, 'dataDir'>): Promise<(SmsMessage & { at: string })[]> {
  try {
    const text = await fs.readFile(path.join(config.dataDir, SMS_LOG_FILE), 'utf8');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as SmsMessage & { at: string });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
