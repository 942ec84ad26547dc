import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from './mailer.js';
import { collectLogs } from '../../test/accounts.js';
import { buildAppOn, buildTestApp } from '../../test/app.js';
import { ManualClock } from '../../test/clock.js';
import { createTestDatabase } from '../../test/databases.js';
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

describe('mail without SMTP on a server others can reach', () => {
  it('warns at start that mail is not configured and logs the outbox file, never the link', async () => {
    const logs = collectLogs();
    const t = await buildTestApp(
      'sqlite',
      { LOG_LEVEL: 'info', HOST: '0.0.0.0' },
      { logStream: logs.stream },
    );
    try {
      expect(
        logs.find(
          'mail is not configured (no SMTP_URL) while the server listens beyond this machine: mails are only written to the outbox, and their links are not logged',
        ),
      ).toHaveLength(1);
      expect(await t.app.mailer.send(MAIL)).toBe(true);
      const [line] = logs.find('mail written to the outbox');
      expect(String(line?.file)).toContain(path.join(t.config.dataDir, 'outbox'));
      expect(line).not.toHaveProperty('note');
      expect(logs.lines.join('\n')).not.toContain(MAIL.outboxNote);
    } finally {
      await t.close();
    }
  });
});

describe('files of DATA_DIR', () => {
  it('are readable by the server user only: the folder 0700, the database, its WAL and mails 0600', async () => {
    // An empty database, so that the app creates the database file itself (a test app's is a copy).
    const database = await createTestDatabase('sqlite');
    const app = await buildAppOn(database);
    try {
      expect(await app.mailer.send(MAIL)).toBe(true);
      const { dataDir } = database;
      const mode = (file: string) => fs.statSync(file).mode & 0o777;
      expect(mode(dataDir)).toBe(0o700);
      const outbox = path.join(dataDir, 'outbox');
      expect(mode(outbox)).toBe(0o700);
      const files = [
        ...fs
          .readdirSync(dataDir)
          .filter((f) => f.startsWith('magazzino.sqlite'))
          .map((f) => path.join(dataDir, f)),
        ...fs.readdirSync(outbox).map((f) => path.join(outbox, f)),
      ];
      expect(files.some((f) => f.endsWith('-wal'))).toBe(true);
      for (const file of files) expect(mode(file), file).toBe(0o600);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
