import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';

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

/**
 * What SMTP and the outbox share: nodemailer builds the message from `from` and the mail, the
 * subclass says what "delivered" means, and any failure is logged as `failureMessage` and reported
 * as false.
 */
abstract class NodemailerMailer<Info> implements Mailer {
  protected constructor(
    private readonly transport: Transporter<Info>,
    private readonly from: string,
    protected readonly log: FastifyBaseLogger,
    private readonly failureMessage: string,
  ) {}

  async send(mail: OutgoingMail): Promise<boolean> {
    try {
      const { to, subject, text, html } = mail;
      const info = await this.transport.sendMail({ from: this.from, to, subject, text, html });
      await this.delivered(info, mail);
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log.error({ reason, subject: mail.subject }, this.failureMessage);
      return false;
    }
  }

  /** Finishes the delivery of what the transport produced (and logs it); throws on failure. */
  protected abstract delivered(info: Info, mail: OutgoingMail): Promise<void>;

  close(): void {
    this.transport.close();
  }
}

/** Delivers over SMTP (nodemailer), e.g. `smtp://user:pass@host:587`. */
export class SmtpMailer extends NodemailerMailer<SMTPTransport.SentMessageInfo> {
  constructor(smtpUrl: string, from: string, log: FastifyBaseLogger) {
    // Short timeouts: a dead mail server must not hold work for minutes.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    super(transport, from, log, 'mail not sent');
  }

  protected delivered(info: SMTPTransport.SentMessageInfo, mail: OutgoingMail): Promise<void> {
    this.log.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent');
    return Promise.resolve();
  }
}

/**
 * Writes each mail as an .eml file under `<dataDir>/outbox/` (the default with no SMTP_URL), named
 * by the app's clock so that the files list in the order they were written.
 */
export class OutboxMailer extends NodemailerMailer<StreamTransport.SentMessageInfo> {
  constructor(
    readonly folder: string,
    from: string,
    log: FastifyBaseLogger,
    private readonly clock: Clock,
    /** Whether notes (reset links) may be logged: only when nobody but this machine reaches the app. */
    private readonly logNotes = true,
  ) {
    super(
      nodemailer.createTransport({ streamTransport: true, buffer: true }),
      from,
      log,
      'mail not written to the outbox',
    );
  }

  protected async delivered(info: StreamTransport.SentMessageInfo, mail: OutgoingMail): Promise<void> {
    await fs.mkdir(this.folder, { recursive: true });
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(this.folder, name);
    // Written under a hidden name, then renamed: whoever reads the outbox's .eml files never
    // finds one half-written.
    const partial = path.join(this.folder, `.${name}.partial`);
    await fs.writeFile(partial, info.message);
    await fs.rename(partial, file);
    const note = this.logNotes ? { note: mail.outboxNote } : {};
    this.log.info({ file, subject: mail.subject, ...note }, 'mail written to the outbox');
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Whether `host` (HOST) reaches only this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/**
 * `app.mailer`: SMTP when SMTP_URL is set, else the outbox folder; a given `mailer` wins (tests).
 * Listening beyond loopback without SMTP, the links a mail carries are never logged (anyone who
 * reads the log could use them): the start-up log warns, and each line names only the file.
 */
export default fp<{ mailer?: Mailer }>(
  (app, options) => {
    const { smtpUrl, mailFrom, dataDir, host } = app.config;
    const local = isLoopbackHost(host);
    const outbox = path.join(dataDir, 'outbox');
    const mailer =
      options.mailer ??
      (smtpUrl
        ? new SmtpMailer(smtpUrl, mailFrom, app.log)
        : new OutboxMailer(outbox, mailFrom, app.log, app.clock, local));
    if (!options.mailer && !smtpUrl) {
      if (local) app.log.info({ outbox }, 'no SMTP_URL: mails are written to the outbox');
      else {
        app.log.warn(
          { outbox, host },
          'mail is not configured (no SMTP_URL) while the server listens beyond this machine: mails are only written to the outbox, and their links are not logged',
        );
      }
    }
    app.decorate('mailer', mailer);
    app.addHook('onClose', (_instance, done) => {
      mailer.close();
      done();
    });
    return Promise.resolve();
  },
  { name: 'mailer', dependencies: ['config', 'clock'] },
);
