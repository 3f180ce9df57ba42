import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when configured; otherwise each message is written to FLEET_DATA_DIR/outbox/ and logged. */
export function createMailer(options: {
  readonly smtpUrl: string | undefined;
  readonly from: string;
  readonly outboxDir: string;
  readonly logger: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
      },
    };
  }
  return createOutboxMailer(options);
}

export function createOutboxMailer(options: {
  readonly from: string;
  readonly outboxDir: string;
  readonly logger: FastifyBaseLogger;
}): Mailer {
  return {
    send(message) {
      mkdirSync(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      );
      const eml = [
        `From: ${options.from}`,
        `To: ${message.to}`,
        `Subject: ${message.subject}`,
        `Date: ${new Date().toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        message.text,
        '',
      ].join('\r\n');
      writeFileSync(file, eml, { mode: 0o600 });
      // The link in an invite is a credential: the log says where the message is, not what it says.
      options.logger.info(
        { to: message.to, subject: message.subject, file },
        'mail written to the outbox',
      );
      return Promise.resolve();
    },
  };
}
