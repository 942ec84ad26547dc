import { describe, expect, it, vi } from 'vitest';
import { deferredResponse, jsonResponse, mockApi } from '../../testing/mock-api';
import { makeUser, ME_SIGNED_OUT, TEST_USER, unauthenticated } from '../../testing/test-data';
import { createSessionStore, hasSessionHint, USER_STORAGE_KEY } from './session-store';

const profile = TEST_USER;

describe('session store', () => {
  it('restores a stored profile at once, before the server answers', () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(profile));
    const store = createSessionStore();
    expect(store.getSnapshot()).toEqual({ user: profile, status: 'signed-in' });
  });

  it('starts a visitor signed out: no profile stored, no session hint cookie', () => {
    expect(createSessionStore().getSnapshot()).toEqual({ user: null, status: 'signed-out' });
  });

  it('starts by checking when the session hint is there or something unreadable is stored', () => {
    document.cookie = 'magazzino_signed_in=1; path=/';
    try {
      expect(hasSessionHint()).toBe(true);
      expect(createSessionStore().getSnapshot()).toEqual({ user: null, status: 'checking' });
    } finally {
      document.cookie = 'magazzino_signed_in=; path=/; max-age=0';
    }
    expect(hasSessionHint()).toBe(false);
    localStorage.setItem(USER_STORAGE_KEY, '{not json');
    expect(createSessionStore().getSnapshot().status).toBe('checking');
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ email: 'x@example.it' }));
    expect(createSessionStore().getSnapshot().status).toBe('checking');
  });

  it('keeps the role with the profile, and takes a profile stored before roles existed for none', () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...profile, role: 'sola_lettura' }));
    expect(createSessionStore().getSnapshot().user?.role).toBe('sola_lettura');
    const { role: _role, ...withoutRole } = profile;
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(withoutRole));
    expect(createSessionStore().getSnapshot()).toEqual({ user: null, status: 'checking' });
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...profile, role: 'capo' }));
    expect(createSessionStore().getSnapshot().status).toBe('checking');
  });

  it('stores only the public profile on sign-in', () => {
    const store = createSessionStore();
    store.signIn({ ...makeUser(), token: 'segreto' } as typeof profile);
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(profile);
    expect(store.getSnapshot()).toEqual({ user: profile, status: 'signed-in' });
  });

  it('confirms the session with GET /api/users/me and refreshes the profile, role included', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(profile));
    const calls = mockApi({
      'GET /api/users/me': () => jsonResponse(200, makeUser({ username: 'M.', role: 'sola_lettura' })),
    });
    const store = createSessionStore();
    await store.confirm();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/users/me']);
    expect(store.getSnapshot().user).toMatchObject({ username: 'M.', role: 'sola_lettura' });
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toMatchObject({
      role: 'sola_lettura',
    });
  });

  it('clears the stored profile when the server says the session is gone (401)', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(profile));
    mockApi(ME_SIGNED_OUT);
    const store = createSessionStore();
    const listener = vi.fn();
    store.subscribe(listener);
    await store.confirm();
    expect(store.getSnapshot()).toEqual({ user: null, status: 'signed-out', expired: true });
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('tells an expired session from a sign-out, and a visitor from both', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(profile));
    const store = createSessionStore();
    store.expire();
    expect(store.getSnapshot()).toEqual({ user: null, status: 'signed-out', expired: true });
    store.signIn(profile);
    store.signOut();
    expect(store.getSnapshot().expired).toBeUndefined();
    mockApi(ME_SIGNED_OUT);
    const visitor = createSessionStore();
    await visitor.confirm();
    expect(visitor.getSnapshot()).toEqual({ user: null, status: 'signed-out' });
    expect(visitor.getSnapshot().expired).toBeUndefined();
  });

  it('keeps a restored profile when the server cannot be reached', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(profile));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const store = createSessionStore();
    await store.confirm();
    expect(store.getSnapshot()).toEqual({ user: profile, status: 'signed-in' });
  });

  it('ignores a late 401 from /me once the user signed in meanwhile', async () => {
    const me = deferredResponse();
    mockApi({ 'GET /api/users/me': () => me.response });
    const store = createSessionStore();
    const confirming = store.confirm();
    store.signIn(profile);
    me.release(unauthenticated());
    await confirming;
    expect(store.getSnapshot()).toEqual({ user: profile, status: 'signed-in' });
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(profile);
  });
});
