import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.js';
import { collectLogs, eventually, newUserInput, register } from '../../../test/accounts.js';
import { DIALECTS } from '../../../test/databases.js';

function forgot(t: Awaited<ReturnType<typeof buildTestApp>>, email: string) {
  return t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });
}

/** A TCP server that accepts connections and never says a word (a hung mail server). */
async function startSilentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.each(DIALECTS)('reset mail delivery on %s', (dialect) => {
  it('without SMTP_URL writes the mail as .eml under DATA_DIR/outbox and logs the link', async () => {
    const logs = collectLogs();
    const t = await buildTestApp(
      dialect,
      { PUBLIC_URL: 'http://magazzino.lan:3000', LOG_LEVEL: 'info' },
      { logStream: logs.stream },
    );
    const outbox = path.join(t.config.dataDir, 'outbox');
    try {
      const input = newUserInput();
      await register(t.app, input);
      expect((await forgot(t, 'sconosciuto@example.test')).statusCode).toBe(200);
      expect((await forgot(t, input.email)).statusCode).toBe(200);
      const file = await eventually(() =>
        fs.existsSync(outbox) ? fs.readdirSync(outbox).find((name) => name.endsWith('.eml')) : undefined,
      );
      expect(file).toMatch(/\.eml$/);
      const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
      expect(mail.subject).toBe('Reimposta la password di Magazzino Ricambi');
      expect(JSON.stringify(mail.to)).toContain(input.email);
      const link = /http:\/\/magazzino\.lan:3000\/newpassword\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
      expect(link).toMatch(/^http:\/\/magazzino\.lan:3000\/newpassword\/[A-Za-z0-9_-]{43}$/);
      const logged = await eventually(() => logs.find('mail written to the outbox')[0]);
      expect(logged.file).toBe(path.join(outbox, file));
      expect(String(logged.note)).toContain(String(link));
    } finally {
      // Closing waits for mails still in flight: then the unknown address provably got none.
      await t.app.close();
      expect(fs.readdirSync(outbox)).toHaveLength(1);
      await t.database.drop();
    }
  });

  it('logs a mail that cannot be sent with its reason and still answers 200', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    const logs = collectLogs();
    const t = await buildTestApp(
      dialect,
      { SMTP_URL: `smtp://127.0.0.1:${closedPort}`, LOG_LEVEL: 'info' },
      { logStream: logs.stream },
    );
    try {
      const input = newUserInput();
      await register(t.app, input);
      const res = await forgot(t, input.email);
      expect(res.statusCode).toBe(200);
      const failure = await eventually(() => logs.find('mail not sent')[0]);
      expect(failure.reason).toMatch(/ECONNREFUSED/);
      expect(failure.level).toBe(50);
    } finally {
      await t.close();
    }
  });

  it('answers forgot-password without waiting for the mail server, known address or not', async () => {
    const silent = await startSilentServer();
    const t = await buildTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${silent.port}` });
    try {
      const input = newUserInput();
      await register(t.app, input);
      for (const email of [input.email, 'sconosciuto@example.test']) {
        const started = performance.now();
        const res = await forgot(t, email);
        expect(res.statusCode).toBe(200);
        // The mail server would hold a waiting request for its 10 s greeting timeout.
        expect(performance.now() - started).toBeLessThan(1000);
      }
    } finally {
      await silent.close();
      await t.close();
    }
  });
});
