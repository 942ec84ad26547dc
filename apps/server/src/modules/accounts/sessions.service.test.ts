import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, DIALECTS, type TestDatabase } from '../../../test/databases.js';
import { newUserInput } from '../../../test/accounts.js';
import { openDatabase, type DatabaseHandle } from '../../db/dialect.js';
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
    database = await createMigratedTestDatabase(dialect);
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    userId = (await createAccount(handle.db, newUserInput(), new ManualClock(START)))._id;
  });
  afterAll(async () => {
    await handle.db.destroy();
    await database.drop();
  });

  const row = (id: string) =>
    handle.db.selectFrom('sessions').selectAll().where('id_hash', '=', hashSecret(id)).executeTakeFirst();

  it('slides the idle expiry when used, writing at most once a minute', async () => {
    const clock = new ManualClock(START);
    const sessions = new SessionService({ db: handle.db, idleMs: 7 * DAY, maxMs: 30 * DAY, clock });
    const { id, expiresAt } = await sessions.start(userId);
    expect(expiresAt.toISOString()).toBe('2025-03-08T08:00:00.000Z');
    const created = await row(id);
    expect(created?.expires_at).toBe('2025-03-08T08:00:00.000Z');

    clock.advance(SESSION_TOUCH_INTERVAL_MS / 2);
    expect(await sessions.authenticate(id)).toMatchObject({ user: { _id: userId }, renewed: false });
    expect(await row(id)).toEqual(created);

    clock.advance(SESSION_TOUCH_INTERVAL_MS);
    expect(await sessions.authenticate(id)).toMatchObject({ renewed: true });
    expect((await row(id))?.expires_at).toBe('2025-03-08T08:01:30.000Z');

    // Left alone for the whole idle limit, it ends.
    clock.advance(7 * DAY);
    expect(await sessions.authenticate(id)).toBeUndefined();
    expect(await row(id)).toBeUndefined();
  });

  it('ends a session SESSION_MAX_DAYS after its sign-in however often it is used', async () => {
    const clock = new ManualClock(START);
    const sessions = new SessionService({ db: handle.db, idleMs: 7 * DAY, maxMs: 30 * DAY, clock });
    const { id } = await sessions.start(userId);
    // Used every 6 days: the idle limit never ends it...
    for (let day = 6; day < 30; day += 6) {
      clock.set(new Date(Date.parse(START) + day * DAY));
      expect(await sessions.authenticate(id), `day ${day}`).toMatchObject({ renewed: true });
    }
    // ...but it never slides past the 30th day, and on that day it ends.
    expect((await row(id))?.expires_at).toBe('2025-03-31T08:00:00.000Z');
    const lastDay = await sessions.authenticate(id);
    expect(lastDay?.expiresAt.toISOString()).toBe('2025-03-31T08:00:00.000Z');
    clock.set(new Date(Date.parse(START) + 30 * DAY - 1000));
    expect(await sessions.authenticate(id)).toMatchObject({ user: { _id: userId } });
    clock.set(new Date(Date.parse(START) + 30 * DAY));
    expect(await sessions.authenticate(id)).toBeUndefined();
    expect(await row(id)).toBeUndefined();
  });

  it('applies the limits in force now to a session written under longer ones', async () => {
    const clock = new ManualClock(START);
    const generous = new SessionService({ db: handle.db, idleMs: 30 * DAY, maxMs: 30 * DAY, clock });
    const { id } = await generous.start(userId);
    const strict = new SessionService({ db: handle.db, idleMs: 7 * DAY, maxMs: 30 * DAY, clock });
    clock.advance(8 * DAY);
    expect(await generous.authenticate(id)).toBeDefined();
    clock.advance(8 * DAY);
    expect(await strict.authenticate(id)).toBeUndefined();
  });

  it('purges expired sessions when a new one starts, and ends one, all or all but one of a user', async () => {
    const clock = new ManualClock(START);
    const sessions = new SessionService({ db: handle.db, idleMs: DAY, maxMs: 30 * DAY, clock });
    const old = (await sessions.start(userId)).id;
    clock.advance(2 * DAY);
    const a = (await sessions.start(userId)).id;
    const b = (await sessions.start(userId)).id;
    expect(await row(old)).toBeUndefined();

    expect(await sessions.end(a)).toBe(userId);
    expect(await sessions.authenticate(a)).toBeUndefined();
    expect(await sessions.authenticate(b)).toMatchObject({ user: { _id: userId }, renewed: false });
    expect(await sessions.end(undefined)).toBeUndefined();
    expect(await sessions.end('not-a-session-id')).toBeUndefined();

    const c = (await sessions.start(userId)).id;
    const d = (await sessions.start(userId)).id;
    expect(await sessions.endAllOf(userId, undefined, hashSecret(d))).toBe(2);
    expect(await sessions.authenticate(b)).toBeUndefined();
    expect(await sessions.authenticate(c)).toBeUndefined();
    expect(await sessions.authenticate(d)).toMatchObject({ user: { _id: userId } });
    expect(await sessions.endAllOf(userId)).toBe(1);
  });
});
