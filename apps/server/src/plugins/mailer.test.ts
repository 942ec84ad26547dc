import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from './mailer.js';
import { collectLogs } from '../../test/accounts.js';
import { buildTestApp } from '../../test/app.js';
import { ManualClock } from '../../test/clock.js';
import { startSmtpReceiver } from '../../test/smtp-receiver.js';

const MAIL: OutgoingMail = {
  to: 'mario.rossi@example.test',
  subject: 'Prova di consegna',
  text: 'Testo della prova.',
  html: '<p>Testo della prova.</p>',
  outboxNote: 'nota per chi non ha un server di posta',
};

describe('app.mailer', () => {
  it('without SMTP_URL writes an .eml to the outbox, named by the app clock', async () => {
    const logs = collectLogs();
    const clock = new ManualClock('2031-04-05T06:07:08.009Z');
    const t = await buildTestApp('sqlite', { LOG_LEVEL: 'info' }, { logStream: logs.stream, clock });
    try {
      expect(await t.app.mailer.send(MAIL)).toBe(true);
      const outbox = path.join(t.config.dataDir, 'outbox');
      const [file] = fs.readdirSync(outbox);
      expect(file).toMatch(/^2031-04-05T06-07-08-009Z-[0-9a-f]{8}\.eml$/);
      const mail = await simpleParser(fs.readFileSync(path.join(outbox, file ?? '')));
      expect(mail.subject).toBe(MAIL.subject);
      expect(mail.text?.trim()).toBe(MAIL.text);
      expect(logs.find('mail written to the outbox')).toMatchObject([
        { file: path.join(outbox, file ?? ''), subject: MAIL.subject, note: MAIL.outboxNote },
      ]);
    } finally {
      await t.close();
    }
  });

  it('reports an outbox that cannot be written as false, with the reason logged', async () => {
    const logs = collectLogs();
    const t = await buildTestApp('sqlite', { LOG_LEVEL: 'info' }, { logStream: logs.stream });
    try {
      // A file where the outbox folder should be.
      fs.writeFileSync(path.join(t.config.dataDir, 'outbox'), 'non una cartella');
      expect(await t.app.mailer.send(MAIL)).toBe(false);
      expect(logs.find('mail not written to the outbox')).toMatchObject([
        { level: 50, subject: MAIL.subject, reason: expect.stringMatching(/EEXIST|ENOTDIR/) as unknown },
      ]);
    } finally {
      await t.close();
    }
  });

  it('with SMTP_URL sends over SMTP and logs the message id, never the outbox note', async () => {
    const receiver = await startSmtpReceiver();
    const logs = collectLogs();
    const t = await buildTestApp(
      'sqlite',
      { SMTP_URL: receiver.url, MAIL_FROM: 'magazzino@example.test', LOG_LEVEL: 'info' },
      { logStream: logs.stream },
    );
    try {
      expect(await t.app.mailer.send(MAIL)).toBe(true);
      const received = await receiver.waitFor((mail) => mail.subject === MAIL.subject);
      expect(received.from?.text).toContain('magazzino@example.test');
      expect(received.html).toBe(MAIL.html);
      const [sent] = logs.find('mail sent');
      expect(sent).toMatchObject({ subject: MAIL.subject, messageId: expect.any(String) as unknown });
      expect(sent).not.toHaveProperty('note');
      expect(fs.existsSync(path.join(t.config.dataDir, 'outbox'))).toBe(false);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
