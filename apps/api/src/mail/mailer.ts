import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { outboxEmails } from '../db/schema';
import type { EmailMessage } from './templates';

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
}

/**
 * Sends through SMTP when `SMTP_URL` is set; otherwise keeps mail in the local outbox table, where
 * `/dev/outbox` and `/dev/mailbox` show it outside production.
 */
export function createMailer(options: {
  db: Database;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { db, smtpUrl, from, log } = options;
  const record = (message: EmailMessage, transport: 'smtp' | 'outbox') =>
    db.insert(outboxEmails).values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: (message.attachments ?? []).map((attachment) => attachment.filename),
      transport,
    });

  if (!smtpUrl) {
    return {
      transport: 'outbox',
      send: async (message) => {
        await record(message, 'outbox');
      },
    };
  }

  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    send: async (message) => {
      await transporter.sendMail({ from, ...message });
      // Keep a record of what was sent, without the body text of codes being lost if SMTP is down.
      await record(message, 'smtp').catch((error: unknown) =>
        log.warn({ err: error }, 'could not record sent mail'),
      );
    },
  };
}

/** The outbox, newest first. */
export async function listOutbox(db: Database, limit = 50) {
  const rows = await db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(limit);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    attachments: row.attachments,
    sentAt: row.sentAt.toISOString(),
  }));
}
