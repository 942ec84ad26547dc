import type { Mailer, OutgoingMail } from '../src/plugins/mailer.js';

/** Keeps every mail in memory instead of sending it: pass it to buildTestApp to read what was sent. */
export class RecordingMailer implements Mailer {
  readonly sent: OutgoingMail[] = [];

  send(mail: OutgoingMail): Promise<boolean> {
    this.sent.push(mail);
    return Promise.resolve(true);
  }

  close(): void {}
}
