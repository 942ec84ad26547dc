import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../../test/databases.js';
import { newUserInput } from '../../../test/accounts.js';
import { openDatabase, type DatabaseHandle } from '../../db/dialect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { ManualClock } from '../../../test/clock.js';
import { hashSecret } from './accounts.ports.js';
import { createAccount } from './accounts.service.js';
import { SESSION_TOUCH_INTERVAL_MS, SessionService } from './sessions.service.js';

const DAY = 24 * 60 * 60 * 1000;
const START = '2025-03-01T08:00:00.000Z';

describe.each(DIALECTS)('server-side sessions on %s', (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    await migrateToLatest(handle.db);
    userId = (await createAccount(handle.db, newUserInput(), new ManualClock(START)))._id;
  });
  afterAll(async () => {
    await handle.db.destroy();
    await database.drop();
  });

  const row = (id: string) =>
    handle.db.selectFrom('sessions').selectAll().where('id_hash', '=', hashSecret(id)).executeTakeFirst();

  it('slides the expiry when used, writing at most once a minute', async () => {
    const clock = new ManualClock(START);
    const sessions = new SessionService({ db: handle.db, ttlMs: 30 * DAY, clock });
    const id = await sessions.start(userId);
    const created = await row(id);
    expect(created?.expires_at).toBe('2025-03-31T08:00:00.000Z');

    clock.advance(SESSION_TOUCH_INTERVAL_MS / 2);
    expect(await sessions.authenticate(id)).toMatchObject({ user: { _id: userId }, renewed: false });
    expect(await row(id)).toEqual(created);

    clock.advance(SESSION_TOUCH_INTERVAL_MS);
    expect(await sessions.authenticate(id)).toMatchObject({ renewed: true });
    expect((await row(id))?.expires_at).toBe('2025-03-31T08:01:30.000Z');

    // Used every few weeks, it never expires; left alone for the whole TTL, it does.
    clock.advance(20 * DAY);
    expect(await sessions.authenticate(id)).toMatchObject({ renewed: true });
    clock.advance(30 * DAY);
    expect(await sessions.authenticate(id)).toBeUndefined();
    expect(await row(id)).toBeUndefined();
  });

  it('purges expired sessions when a new one starts, and ends one or all of a user', async () => {
    const clock = new ManualClock(START);
    const sessions = new SessionService({ db: handle.db, ttlMs: DAY, clock });
    const old = await sessions.start(userId);
    clock.advance(2 * DAY);
    const a = await sessions.start(userId);
    const b = await sessions.start(userId);
    expect(await row(old)).toBeUndefined();

    await sessions.end(a);
    expect(await sessions.authenticate(a)).toBeUndefined();
    expect(await sessions.authenticate(b)).toMatchObject({ user: { _id: userId }, renewed: false });
    await sessions.end(undefined);
    await sessions.end('not-a-session-id');

    await sessions.start(userId);
    expect(await sessions.endAllOf(userId)).toBe(2);
    expect(await sessions.authenticate(b)).toBeUndefined();
  });
});
