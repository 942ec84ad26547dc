import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TwoFactorSetup, TwoFactorStatus } from '@magazzino/contract';
import { USER_STORAGE_KEY } from '../../../lib/session/session-store';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makeUser, ME_SIGNED_OUT, TEST_USER } from '../../../testing/test-data';

const CHALLENGE = {
  twoFactorRequired: true,
  message: 'Password corretta.',
  expiresAt: '2026-01-01T10:05:00.000Z',
};
const SETUP: TwoFactorSetup = {
  otpauthUri: 'otpauth://totp/Magazzino%20Ricambi:mario?secret=JBSWY3DPEHPK3PXP',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>',
  secret: 'JBSW Y3DP EHPK 3PXP',
  expiresAt: '2026-01-01T10:10:00.000Z',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jk${String(i + 20)}`);
const WRONG_CODE = {
  error: 'Codice non corretto: controlla il codice e riprova.',
  code: 'INVALID_CREDENTIALS',
  fields: { codice: "Il codice non è corretto o è già stato usato: usa quello che l'app mostra ora" },
};

async function passwordStep() {
  const view = renderApp('/login');
  await screen.findByRole('heading', { name: 'Accedi' });
  await userEvent.type(screen.getByLabelText(/Email/), 'mario.rossi@example.it');
  await userEvent.type(screen.getByLabelText(/Password/), 'segreta123456');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  await screen.findByRole('heading', { name: 'Verifica in due passaggi' });
  return view;
}

describe('the code step of a sign-in', () => {
  it('asks for the code after the right password, with a numeric one-time-code field, and signs in with it', async () => {
    let code: unknown;
    const calls = mockApi({
      ...ME_SIGNED_OUT,
      'POST /api/users/login': () => jsonResponse(200, CHALLENGE),
      'POST /api/users/login/two-factor': (call) => {
        code = call.body;
        return (call.body as { codice: string }).codice === '123456'
          ? jsonResponse(200, makeUser({ twoFactorEnabled: true }))
          : jsonResponse(401, WRONG_CODE);
      },
    });
    const { router } = await passwordStep();
    // No profile yet: the password alone opened no session.
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    const field = screen.getByLabelText(/Codice di verifica/);
    expect(field).toHaveAttribute('name', 'codice');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('enterkeyhint', 'done');
    expect(field).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Verifica' }));
    expect(field).toHaveAccessibleDescription('Il codice è obbligatorio');
    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verifica' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(WRONG_CODE.fields.codice));
    expect(screen.getByRole('alert')).toHaveTextContent('Codice non corretto');

    await userEvent.clear(field);
    await userEvent.type(field, '123456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboardpage');
    expect(code).toEqual({ codice: '123456' });
    expect(callsTo(calls, 'POST /api/users/login/two-factor')).toHaveLength(2);
  });

  it("switches to a recovery code in a text field, and 'Torna all'accesso' goes back to the password", async () => {
    const calls = mockApi({
      ...ME_SIGNED_OUT,
      'POST /api/users/login': () => jsonResponse(200, CHALLENGE),
      'POST /api/users/login/two-factor': () =>
        jsonResponse(401, {
          error:
            'La richiesta del codice è scaduta o ha ricevuto troppi codici errati: accedi di nuovo con email e password.',
          code: 'TWO_FACTOR_EXPIRED',
        }),
    });
    await passwordStep();
    await userEvent.click(screen.getByRole('button', { name: 'Usa un codice di recupero' }));
    const field = screen.getByLabelText(/Codice di recupero/);
    expect(field).toHaveAttribute('inputmode', 'text');
    expect(field).toHaveAttribute('autocomplete', 'off');
    await userEvent.type(field, 'abcd-efgh');
    await userEvent.click(screen.getByRole('button', { name: 'Verifica' }));
    expect(field).toHaveAccessibleDescription(/oppure essere un codice di recupero/);
    await userEvent.type(field, '-jk23');
    await userEvent.click(screen.getByRole('button', { name: 'Verifica' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('accedi di nuovo con email e password');
    expect(callsTo(calls, 'POST /api/users/login/two-factor').map((c) => c.body)).toEqual([
      { codice: 'abcd-efgh-jk23' },
    ]);

    await userEvent.click(screen.getByRole('button', { name: "Usa il codice dell'app" }));
    expect(screen.getByLabelText(/Codice di verifica/)).toHaveAttribute('inputmode', 'numeric');
    await userEvent.click(screen.getByRole('button', { name: "Torna all'accesso" }));
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
  });
});

describe('the enrolment an amministratore requires', () => {
  it('shows only the enrolment until the codes are saved, then the page asked for', async () => {
    let enabled = false;
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = mockApi({
      'GET /api/users/me': () =>
        jsonResponse(200, makeUser({ twoFactorEnabled: enabled, twoFactorSetupRequired: !enabled })),
      'POST /api/users/me/two-factor/setup': () => jsonResponse(200, SETUP),
      'POST /api/users/me/two-factor/confirm': () => {
        enabled = true;
        return jsonResponse(200, { recoveryCodes: CODES });
      },
    });
    renderApp('/elencocomponenti', { storedUser: { ...TEST_USER, twoFactorSetupRequired: true } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Attiva la verifica in due passaggi' }),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'GET /api/componenti')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Inizia' }));
    const qr = await screen.findByRole('img', {
      name: "Codice QR da inquadrare con l'app di autenticazione",
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('two-factor-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await userEvent.type(screen.getByLabelText(/Codice di verifica/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e attiva' }));

    const list = await screen.findByRole('list', { name: 'I dieci codici di recupero' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    await userEvent.click(screen.getByRole('button', { name: 'Copia' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    expect(await screen.findByText('Codici copiati negli appunti.')).toBeInTheDocument();
    const createObjectURL = vi.fn(() => 'blob:codici');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Scarica' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);

    // Still the codes, though the profile would now let the user on.
    expect(screen.getByRole('list', { name: 'I dieci codici di recupero' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ho salvato i codici in un posto sicuro' }));
    await waitFor(() => expect(callsTo(calls, 'GET /api/componenti').length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: 'Attiva la verifica in due passaggi' })).toBeNull();
  });
});

describe("the account's 'Verifica in due passaggi' section", () => {
  /** 'Il tuo account' with no other session open: the section under test is its last. */
  async function renderSection() {
    renderApp('/account/sicurezza', { storedUser: TEST_USER });
    return within(await screen.findByRole('region', { name: 'Verifica in due passaggi' }));
  }

  it('shows it is on, gives new codes for a current code, and turns off with the password and a code', async () => {
    let status: TwoFactorStatus = {
      enabled: true,
      enabledAt: '2026-01-01T10:00:00.000Z',
      recoveryCodesLeft: 2,
      required: false,
    };
    const calls = mockApi({
      'GET /api/users/me': () => jsonResponse(200, makeUser({ twoFactorEnabled: status.enabled })),
      'GET /api/sessioni': () => jsonResponse(200, []),
      'GET /api/users/me/two-factor': () => jsonResponse(200, status),
      'POST /api/users/me/two-factor/recovery-codes': () => jsonResponse(200, { recoveryCodes: CODES }),
      'POST /api/users/me/two-factor/disable': (call) => {
        if ((call.body as { password: string }).password !== 'giusta-e-lunga') {
          return jsonResponse(400, {
            error: 'Alcuni campi non sono validi: La password non è corretta',
            code: 'VALIDATION',
            fields: { password: 'La password non è corretta' },
          });
        }
        status = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
        return jsonResponse(200, { message: 'Verifica in due passaggi disattivata.' });
      },
    });
    const section = await renderSection();
    expect(await section.findByText('Attiva', { selector: '.badge' })).toBeInTheDocument();
    expect(section.getByText(/Restano 2 codici di recupero/)).toHaveTextContent('generane di nuovi');

    await userEvent.click(section.getByRole('button', { name: 'Genera nuovi codici' }));
    const form = section.getByRole('form', { name: 'Genera nuovi codici' });
    await userEvent.type(within(form).getByLabelText(/Codice di verifica/), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Genera nuovi codici' }));
    expect(await section.findByRole('list', { name: 'I dieci codici di recupero' })).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Ho salvato i codici in un posto sicuro' }));

    await userEvent.click(await section.findByRole('button', { name: 'Disattiva' }));
    const off = section.getByRole('form', { name: 'Disattiva' });
    await userEvent.type(within(off).getByLabelText(/Password/), 'sbagliata-lunga');
    await userEvent.type(within(off).getByLabelText(/Codice di verifica/), '123456');
    await userEvent.click(within(off).getByRole('button', { name: 'Disattiva' }));
    await waitFor(() =>
      expect(within(off).getByLabelText(/Password/)).toHaveAccessibleDescription(
        'La password non è corretta',
      ),
    );
    await userEvent.clear(within(off).getByLabelText(/Password/));
    await userEvent.type(within(off).getByLabelText(/Password/), 'giusta-e-lunga');
    await userEvent.click(within(off).getByRole('button', { name: 'Disattiva' }));
    expect(await section.findByText('Verifica in due passaggi disattivata.')).toBeInTheDocument();
    expect(await section.findByRole('button', { name: 'Attiva' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/users/me/two-factor/disable')).toHaveLength(2);
  });

  it("says an amministratore requires it and offers no 'Disattiva'", async () => {
    mockApi({
      'GET /api/users/me': () => jsonResponse(200, makeUser()),
      'GET /api/sessioni': () => jsonResponse(200, []),
      'GET /api/users/me/two-factor': () =>
        jsonResponse(200, {
          enabled: true,
          enabledAt: '2026-01-01T10:00:00.000Z',
          recoveryCodesLeft: 10,
          required: true,
        }),
    });
    const section = await renderSection();
    expect(await section.findByText(/la richiede per tutti gli account/)).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Disattiva' })).toBeNull();
  });
});
