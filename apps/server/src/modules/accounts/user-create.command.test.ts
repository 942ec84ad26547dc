import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../test/accounts.js';
import { createTestDatabase, type TestDatabase } from '../../../test/databases.js';
import { buildTestApp } from '../../../test/app.js';
import { userCreateCommand, type CommandInput } from './user-create.command.js';

function output() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('npm run user:create', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database.drop();
  });

  async function run(argv: string[], stdin: CommandInput) {
    const stdout = output();
    const stderr = output();
    const code = await userCreateCommand({
      argv,
      stdin,
      stdout: stdout.stream,
      stderr: stderr.stream,
      env: { DATA_DIR: database.dataDir },
    });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  }

  it('creates an account with the password from stdin, which can then log in with sign-up closed', async () => {
    const result = await run(
      ['--email', ' Capo@Officina.IT ', '--username', 'Il capo'],
      Readable.from(['segreto-del-capo\n']),
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    // The first account of the installation runs it.
    expect(result.stdout).toContain('Utente creato: Il capo <capo@officina.it>, ruolo Amministratore');

    const t = await buildTestApp('sqlite', { DATA_DIR: database.dataDir, SIGNUP: 'closed' });
    try {
      expect((await login(t.app, 'capo@officina.it', 'segreto-del-capo')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('refuses a taken email, a weak password and missing options, in Italian', async () => {
    const taken = await run(
      ['--email', 'CAPO@officina.it', '--username', 'x'],
      Readable.from(['altra-password\n']),
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain("Esiste già un utente con l'email capo@officina.it");

    const weak = await run(['--email', 'nuovo@officina.it', '--username', 'x'], Readable.from(['corta\n']));
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('La password deve avere almeno 12 caratteri');
    // The rule of the sign-up: 12 characters are not enough when they are a common breached password.
    const breached = await run(
      ['--email', 'nuovo@officina.it', '--username', 'x'],
      Readable.from(['123456789012\n']),
    );
    expect(breached.code).toBe(1);
    expect(breached.stderr).toContain('Questa password è tra le più usate');
    expect(breached.stdout).toBe('');

    const missing = await run(['--email', 'nuovo@officina.it'], Readable.from([]));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Indica sia --email sia --username');
  });

  it('gives the later accounts --role, else the default role, and refuses an unknown role', async () => {
    const reader = await run(
      ['--email', 'banco@officina.it', '--username', 'Banco', '--role', 'sola_lettura'],
      Readable.from(['password-del-banco\n']),
    );
    expect(reader).toMatchObject({ code: 0, stderr: '' });
    expect(reader.stdout).toContain('ruolo Sola lettura');
    const clerk = await run(
      ['--email', 'magazzino@officina.it', '--username', 'Magazzino'],
      Readable.from(['password-del-magazzino\n']),
    );
    expect(clerk.stdout).toContain('ruolo Magazziniere');
    const unknown = await run(
      ['--email', 'ospite@officina.it', '--username', 'Ospite', '--role', 'ospite'],
      Readable.from(['password-dell-ospite\n']),
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'Ruolo non valido: ospite. Usa amministratore, magazziniere, sola_lettura.',
    );
  });

  it('asks the password twice on a terminal without echoing it', async () => {
    const tty = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined });
    const pending = run(['--email', 'terminale@officina.it', '--username', 'Terminale'], tty);
    tty.write('password-terminale\r');
    await new Promise((resolve) => setTimeout(resolve, 20));
    tty.write('password-terminale\r');
    const result = await pending;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Password: ');
    expect(result.stdout).toContain('Ripeti la password: ');
    expect(result.stdout).not.toContain('password-terminale');
  });
});
