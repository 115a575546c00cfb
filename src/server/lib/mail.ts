import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links the message carries; logged with the outbox file so they can be followed locally. */
  links?: string[];
}

export interface Mailer {
  /** Queues a message; it is sent in the background so answers do not wait on mail. */
  send(message: MailMessage): void;
  /** Resolves once every queued message is sent or has failed (tests and shutdown wait on it). */
  idle(): Promise<void>;
}

/**
 * SMTP_URL → that server; otherwise every message becomes an .eml file in DATA_DIR/outbox,
 * and its subject and links are logged (DESIGN §1 Mail).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  const smtp: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const file = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();
  let counter = 0;

  async function deliver(message: MailMessage): Promise<void> {
    const mail = { from: opts.from, to: message.to, subject: message.subject, text: message.text, html: message.html };
    if (smtp) {
      await smtp.sendMail(mail);
      opts.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    const info = await file.sendMail(mail);
    await mkdir(opts.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++counter}.eml`;
    const target = path.join(opts.outboxDir, name);
    await writeFile(target, info.message as Buffer);
    opts.log.info({ to: message.to, subject: message.subject, file: target, links: message.links }, 'mail written to outbox');
  }

  return {
    send(message) {
      const job = deliver(message)
        .catch((err: unknown) => opts.log.error({ err, to: message.to, subject: message.subject }, 'mail failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
