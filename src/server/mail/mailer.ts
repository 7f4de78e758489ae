import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outboxEmails } from '../db/schema/system.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** what kind of mail it is: invitation, login-alert, notification, digest, … */
  kind: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every mail is written to the outbox table first (nothing is lost if SMTP is down);
 * with SMTP configured it is then sent and marked sent, otherwise the outbox is the local mailbox.
 */
export function createMailer(db: Db, options: { smtpUrl: string | undefined; from: string; now: () => Date }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message) {
      const [row] = await db
        .insert(outboxEmails)
        .values({ ...message, html: message.html ?? null, createdAt: options.now() })
        .returning({ id: outboxEmails.id });
      if (!transport || !row) return;
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        await db.update(outboxEmails).set({ sentAt: options.now() }).where(eqId(row.id));
      } catch (error) {
        await db
          .update(outboxEmails)
          .set({ error: error instanceof Error ? error.message.slice(0, 500) : 'send failed' })
          .where(eqId(row.id));
      }
    },
  };
}

const eqId = (id: string) => eq(outboxEmails.id, id);
