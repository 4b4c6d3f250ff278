import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { type TProperties, Type } from 'typebox';
import { newId } from '../ids.ts';
import type { Logger } from '../logger.ts';

/**
 * The email port. Production sends through SMTP (`SMTP_URL`, nodemailer); the default is a
 * development mailbox: each message is logged (recipient and subject) and written as a JSON file
 * under `<DATA_DIR>/mailbox`, which the gateway shows at `/dev/mailbox` (clearly named as such).
 * Nothing is sent anywhere by default.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

export interface MailSender {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
}

export const mailEnv = {
  SMTP_URL: Type.Optional(
    Type.String({
      description: 'SMTP server URL (smtp[s]://user:pass@host:port); unset: the development mailbox',
    }),
  ),
  MAIL_FROM: Type.String({
    default: 'Mediakit <no-reply@mediakit.local>',
    description: 'sender of every email',
  }),
} satisfies TProperties;

export function mailboxDir(dataDir: string): string {
  return join(dataDir, 'mailbox');
}

export function openMailSender(
  config: { SMTP_URL?: string; MAIL_FROM: string; DATA_DIR: string },
  log: Logger,
): MailSender {
  if (config.SMTP_URL) {
    const transport = createTransport(config.SMTP_URL);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: config.MAIL_FROM, ...message });
        log.info({ to: message.to, subject: message.subject }, 'email sent');
      },
    };
  }
  const dir = mailboxDir(config.DATA_DIR);
  return {
    kind: 'dev-mailbox',
    async send(message) {
      const mail: StoredMail = {
        id: newId(),
        from: config.MAIL_FROM,
        sentAt: new Date().toISOString(),
        ...message,
      };
      await mkdir(dir, { recursive: true });
      // The time first, so a directory listing sorts oldest to newest.
      await writeFile(
        join(dir, `${mail.sentAt.replace(/[:.]/g, '-')}-${mail.id}.json`),
        JSON.stringify(mail, null, 2),
      );
      log.info(
        { to: message.to, subject: message.subject },
        'email written to the development mailbox (not sent)',
      );
    },
  };
}

/** The development mailbox, newest first. */
export async function readMailbox(dataDir: string): Promise<StoredMail[]> {
  const dir = mailboxDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const mails = await Promise.all(
    names
      .filter((n) => n.endsWith('.json'))
      .map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as StoredMail),
  );
  return mails.sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}
