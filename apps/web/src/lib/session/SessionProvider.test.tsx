import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '@magazzino/contract';
import { callsTo, jsonResponse, mockApi } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { makeUser, TEST_USER } from '../../testing/test-data';
import { PROFILE_REFRESH_MS } from './SessionProvider';
import { USER_STORAGE_KEY } from './session-store';

describe('the session provider', () => {
  it('asks for the profile again when the page comes back into view, so a new role shows', async () => {
    let role: Role = 'magazziniere';
    const calls = mockApi({ 'GET /api/users/me': () => jsonResponse(200, makeUser({ role })) });
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    renderApp('/utenti', { storedUser: TEST_USER });
    await screen.findByRole('heading', { name: 'Accesso non consentito' });
    await waitFor(() => expect(callsTo(calls, 'GET /api/users/me')).toHaveLength(1));

    // An amministratore changes the role meanwhile; a focus soon after does not ask again.
    role = 'amministratore';
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(callsTo(calls, 'GET /api/users/me')).toHaveLength(1);

    now.mockReturnValue(1_000_000 + PROFILE_REFRESH_MS + 1);
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toMatchObject({
        role: 'amministratore',
      }),
    );
    expect(callsTo(calls, 'GET /api/users/me')).toHaveLength(2);
  });
});
