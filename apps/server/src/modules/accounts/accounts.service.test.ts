import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserInput } from '../../../test/accounts.js';
import { ManualClock } from '../../../test/clock.js';
import { createMigratedTestDatabase, DIALECTS, type TestDatabase } from '../../../test/databases.js';
import { RecordingMailer } from '../../../test/recording-mailer.js';
import { openDatabase, type DatabaseHandle } from '../../db/dialect.js';
import type { SecretSource } from './accounts.ports.js';
import { AccountsService, createAccount, RESET_TOKEN_TTL_MS } from './accounts.service.js';
import { SessionService } from './sessions.service.js';

describe.each(DIALECTS)('accounts service with its ports on %s', (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const clock = new ManualClock('2025-06-01T10:00:00.000Z');
  let counter = 0;
  const secrets: SecretSource = { newSecret: () => `token${String((counter += 1)).padStart(38, '0')}` };
  const mailer = new RecordingMailer();
  let service: AccountsService;
  let sessions: SessionService;

  beforeAll(async () => {
    database = await createMigratedTestDatabase(dialect);
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    sessions = new SessionService({ db: handle.db, idleMs: 86_400_000, maxMs: 86_400_000, clock, secrets });
    service = new AccountsService({
      db: handle.db,
      sessions,
      mailer,
      signup: 'open',
      publicUrl: 'https://magazzino.example.it',
      clock,
      secrets,
    });
  });
  afterAll(async () => {
    await handle.db.destroy();
    await database.drop();
  });

  async function tokenFor(email: string): Promise<string> {
    await service.sendResetLink(email);
    const mail = mailer.sent.at(-1);
    const token = /newpassword\/(\S+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error('no mail recorded');
    return token;
  }

  it('mails a link built from PUBLIC_URL and the token, valid until the 60th minute', async () => {
    const input = newUserInput();
    const user = await createAccount(handle.db, input, clock);
    const token = await tokenFor(input.email);
    expect(mailer.sent.at(-1)?.to).toBe(input.email);
    expect(mailer.sent.at(-1)?.text).toContain(`https://magazzino.example.it/newpassword/${token}`);
    clock.advance(RESET_TOKEN_TTL_MS - 1000);
    await service.resetPassword(token, 'nuova-password-1');
    expect(await service.login({ email: input.email, password: 'nuova-password-1' })).toEqual({
      kind: 'user',
      user,
    });
  });

  it('refuses the token once the 60 minutes have passed', async () => {
    const input = newUserInput();
    await createAccount(handle.db, input, clock);
    const token = await tokenFor(input.email);
    clock.advance(RESET_TOKEN_TTL_MS);
    await expect(service.resetPassword(token, 'nuova-password-1')).rejects.toMatchObject({
      code: 'INVALID_TOKEN',
    });
  });

  it('revokes every session of the user and voids the other links once a link is used', async () => {
    const input = newUserInput();
    const user = await createAccount(handle.db, input, clock);
    const session = (await sessions.start(user._id)).id;
    const first = await tokenFor(input.email);
    const second = await tokenFor(input.email);
    await service.resetPassword(second, 'nuova-password-2');
    expect(await sessions.authenticate(session)).toBeUndefined();
    await expect(service.resetPassword(first, 'nuova-password-3')).rejects.toMatchObject({
      code: 'INVALID_TOKEN',
    });
    expect(await service.login({ email: input.email, password: input.password })).toEqual({
      kind: 'failed',
      reason: 'password_errata',
      userId: user._id,
    });
  });

  it('sends nothing for an address with no account', async () => {
    const before = mailer.sent.length;
    await service.sendResetLink('nessuno@example.test');
    expect(mailer.sent).toHaveLength(before);
  });
});
