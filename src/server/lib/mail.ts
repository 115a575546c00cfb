import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServiceLog } from './logging';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Links the message carries; logged with the outbox file so they can be followed locally. */
  links?: string[];
}

/**
 * Delivers one message now, or throws (the caller, the outbox's mail job, retries with back-off).
 * Services never call it: they queue mail in the outbox (modules/mail/service.ts) in their transaction.
 */
export interface Mailer {
  deliver(message: MailMessage): Promise<void>;
  close?(): void;
}

/** How long an SMTP server may take to accept a connection, greet and answer, before the attempt fails. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP_URL → that server; otherwise every message becomes an .eml file in DATA_DIR/outbox,
 * and its subject and links are logged (DESIGN §1 Mail).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: ServiceLog }): Mailer {
  const smtp: Transporter | null = opts.smtpUrl ? nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS }) : null;
  const file = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;

  return {
    async deliver(message) {
      const mail = { from: opts.from, to: message.to, subject: message.subject, text: message.text, html: message.html ?? undefined };
      if (smtp) {
        await smtp.sendMail(mail);
        opts.log.info({ to: message.to, subject: message.subject }, 'mail sent');
        return;
      }
      const info = await file.sendMail(mail);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${String(++counter).padStart(6, '0')}.eml`;
      const target = path.join(opts.outboxDir, name);
      // The folder is made when a write finds it missing, not checked before every message.
      await writeFile(target, info.message as Buffer).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(opts.outboxDir, { recursive: true });
        await writeFile(target, info.message as Buffer);
      });
      opts.log.info({ to: message.to, subject: message.subject, file: target, links: message.links }, 'mail written to outbox');
    },
    close() {
      smtp?.close();
    },
  };
}
