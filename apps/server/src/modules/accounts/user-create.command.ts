import { parseArgs } from 'node:util';
import {
  LIMITS,
  ROLE_LABELS,
  ROLES,
  RoleSchema,
  SignupInputSchema,
  fieldErrors,
  type Role,
} from '@magazzino/contract';
import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/dialect.js';
import { migrateDatabase } from '../../db/migrate.js';
import { systemClock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { createAccount } from './accounts.service.js';

/** The terminal or pipe the password is read from. */
export interface CommandInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/** Where the command reads and writes; `env` defaults to process.env (through loadConfig). */
export interface CommandIo {
  argv: string[];
  stdin: CommandInput;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env?: Record<string, string | undefined>;
}

const USAGE = `Uso: npm run user:create -- --email <email> --username <nome> [--role <ruolo>]
La password viene chiesta sul terminale (senza mostrarla) oppure letta dalla prima riga dello standard input:
almeno ${LIMITS.passwordMin} caratteri, al massimo ${LIMITS.passwordMax}, non una delle password più comuni.
Il primo account è sempre amministratore; gli altri ricevono --role (${ROLES.join(', ')})
oppure il ruolo dei nuovi account scelto nella pagina Utenti (predefinito: magazziniere).
Il database è quello della configurazione (DATA_DIR o DATABASE_URL).
`;

/** Reads a line from a terminal without echoing it. */
function askHidden(question: string, input: CommandInput, output: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    output.write(question);
    input.setRawMode?.(true);
    input.resume();
    const finish = (error?: Error) => {
      input.removeListener('data', onData);
      input.setRawMode?.(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString()) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new Error('Operazione annullata.'));
        if (char === '\u007f' || char === '\b') value = Array.from(value).slice(0, -1).join('');
        else value += char;
      }
    };
    input.on('data', onData);
  });
}

/** The first line of a piped standard input (line ending removed, nothing else trimmed). */
async function readFirstLine(input: CommandInput): Promise<string> {
  let data = '';
  for await (const chunk of input)
    data += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return data.split(/\r?\n/)[0] ?? '';
}

async function readPassword(io: CommandIo): Promise<string | undefined> {
  if (!io.stdin.isTTY) return readFirstLine(io.stdin);
  const first = await askHidden('Password: ', io.stdin, io.stdout);
  const second = await askHidden('Ripeti la password: ', io.stdin, io.stdout);
  if (first !== second) {
    io.stderr.write('Le due password non coincidono: nessun utente creato.\n');
    return undefined;
  }
  return first;
}

/**
 * `npm run user:create -- --email ... --username ...`: creates an account (the way in when
 * SIGNUP=closed). Validates with the contract's rules; returns the process exit code.
 */
export async function userCreateCommand(io: CommandIo): Promise<number> {
  let values: { email?: string; username?: string; role?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: io.argv,
      options: {
        email: { type: 'string' },
        username: { type: 'string' },
        role: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.stderr.write(
      `Opzione non valida: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`,
    );
    return 2;
  }
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (values.email === undefined || values.username === undefined) {
    io.stderr.write(`Indica sia --email sia --username.\n${USAGE}`);
    return 2;
  }
  let role: Role | undefined;
  if (values.role !== undefined) {
    const parsedRole = RoleSchema.safeParse(values.role);
    if (!parsedRole.success) {
      io.stderr.write(`Ruolo non valido: ${values.role}. Usa ${ROLES.join(', ')}.\n`);
      return 2;
    }
    role = parsedRole.data;
  }

  let password: string | undefined;
  try {
    password = await readPassword(io);
  } catch (error) {
    io.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  if (password === undefined) return 1;

  const parsed = SignupInputSchema.safeParse({ email: values.email, username: values.username, password });
  if (!parsed.success) {
    const lines = Object.values(fieldErrors(parsed.error)).map((message) => `  - ${message}`);
    io.stderr.write(`Dati non validi, nessun utente creato:\n${lines.join('\n')}\n`);
    return 1;
  }

  let config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(handle);
    const user = await createAccount(handle.db, parsed.data, systemClock, role);
    io.stdout.write(
      `Utente creato: ${user.username} <${user.email}>, ruolo ${ROLE_LABELS[user.role]} (database: ${handle.describe})\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'EMAIL_TAKEN') {
      io.stderr.write(`Esiste già un utente con l'email ${parsed.data.email}: nessun utente creato.\n`);
      return 1;
    }
    // A password on the list of the most common breached ones: the rule the sign-up applies.
    if (error instanceof AppError && error.fields) {
      const lines = Object.values(error.fields).map((message) => `  - ${message}`);
      io.stderr.write(`Dati non validi, nessun utente creato:\n${lines.join('\n')}\n`);
      return 1;
    }
    throw error;
  } finally {
    await handle.db.destroy();
  }
}
