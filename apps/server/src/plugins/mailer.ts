import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { FastifyBaseLogger } from 'fastify';

/** A mail to send: Italian plain text and HTML. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Logged when the mail goes to the outbox (no SMTP_URL), so that a newcomer without a mail server
   * can act on it (the reset link). Never logged when the mail really leaves.
   */
  outboxNote?: string;
}

/** Sends mail. `send` never rejects: a failure is logged with its reason and reported as false. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<boolean>;
  close(): void;
}

/** Delivers over SMTP (nodemailer), e.g. `smtp://user:pass@host:587`. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // Short timeouts: a dead mail server must not hold work for minutes.
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(mail: OutgoingMail): Promise<boolean> {
    try {
      const info = await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      this.log.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent');
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log.error({ reason, subject: mail.subject }, 'mail not sent');
      return false;
    }
  }

  close(): void {
    this.transport.close();
  }
}

/** Writes each mail as an .eml file under `<dataDir>/outbox/` (the default with no SMTP_URL). */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(
    readonly folder: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mail: OutgoingMail): Promise<boolean> {
    try {
      const info = await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await fs.mkdir(this.folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(this.folder, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message);
      this.log.info({ file, subject: mail.subject, note: mail.outboxNote }, 'mail written to the outbox');
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log.error({ reason, subject: mail.subject }, 'mail not written to the outbox');
      return false;
    }
  }

  close(): void {
    this.transport.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** `app.mailer`: SMTP when SMTP_URL is set, else the outbox folder; a given `mailer` wins (tests). */
export default fp<{ mailer?: Mailer }>(
  (app, options) => {
    const { smtpUrl, mailFrom, dataDir } = app.config;
    const mailer =
      options.mailer ??
      (smtpUrl
        ? new SmtpMailer(smtpUrl, mailFrom, app.log)
        : new OutboxMailer(path.join(dataDir, 'outbox'), mailFrom, app.log));
    if (!options.mailer && !smtpUrl) {
      app.log.info({ outbox: path.join(dataDir, 'outbox') }, 'no SMTP_URL: mails are written to the outbox');
    }
    app.decorate('mailer', mailer);
    app.addHook('onClose', (_instance, done) => {
      mailer.close();
      done();
    });
    return Promise.resolve();
  },
  { name: 'mailer', dependencies: ['config'] },
);
