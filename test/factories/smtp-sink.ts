import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers.ts';

export interface ReceivedMail {
  to: string[];
  subject: string;
  messageId: string;
  raw: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> — give it to buildTestApp({ smtpUrl }) */
  url: string;
  received: ReceivedMail[];
  to(address: string): ReceivedMail[];
  /** Refuse every mail to this address (a permanent 550 at RCPT TO) until cleared. */
  refuse(address: string): void;
  close(): Promise<void>;
}

const header = (raw: string, name: string) => new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim() ?? '';

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as text: a subject with "—" arrives encoded. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );

/** A real SMTP server on a free local port that keeps what it receives (no TLS, no auth). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        const error = new Error('mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeWords(header(raw, 'Subject')),
          messageId: header(raw, 'Message-ID'),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((m) => m.to.includes(address.toLowerCase())),
    refuse: (address) => void refused.add(address.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The test-file preamble for mail delivered over real SMTP: a beforeAll that starts a sink and the
 * app wired to it (clock set to a fixed day), an afterAll that closes both. The returned objects are
 * filled in place by the beforeAll (as useTwoOwners does), so a file destructures them once at the
 * top: `const { t, smtp } = useSmtpTestApp();`.
 */
export function useSmtpTestApp(): { t: TestApp; smtp: SmtpSink } {
  // Empty until beforeAll runs; only read inside tests and hooks.
  const env = { t: {}, smtp: {} } as { t: TestApp; smtp: SmtpSink };
  beforeAll(async () => {
    Object.assign(env.smtp, await startSmtpSink());
    Object.assign(env.t, await buildTestApp({ smtpUrl: env.smtp.url }));
    env.t.clock.set(new Date('2026-05-12T15:00:00Z'));
  });
  afterAll(async () => {
    await env.t.close();
    await env.smtp.close();
  });
  return env;
}
