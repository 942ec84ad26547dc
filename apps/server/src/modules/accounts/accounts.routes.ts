import {
  ApiErrorSchema,
  ChangePasswordInputSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  MessageSchema,
  ResetPasswordInputSchema,
  SignupAcceptedSchema,
  SignupInfoSchema,
  SignupInputSchema,
  TwoFactorChallengeSchema,
  TwoFactorLoginInputSchema,
  UserSchema,
  type SignInFailureReason,
  type User,
} from '@magazzino/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errors } from '../../lib/errors.js';
import { afterResponse, startDeferredTasks } from './after-response.js';
import { challengeFor, createAccountLimits, trustDevice } from './accounts.limits.js';
import type { BackgroundTasks } from './background-tasks.js';
import { readDeviceTokens, setDeviceTokens } from './device.cookie.js';
import { DEVICE_TTL_MS, type TrustedDevice, type TrustedDeviceService } from './devices.service.js';
import { requestOrigin } from './security-log.service.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session.cookie.js';
import { currentSession, currentUser, logAsUser } from './session.guard.js';
import { clearChallengeCookie, readChallengeCookie, setChallengeCookie } from './two-factor.cookie.js';

const FORGOT_MESSAGE =
  "Se l'indirizzo è registrato, riceverai a breve un'email con il link per reimpostare la password.";
const RESET_MESSAGE = 'Password aggiornata: ora puoi accedere con la nuova password.';
const CODE_MESSAGE =
  "Password corretta. Inserisci il codice a 6 cifre dell'app di autenticazione, oppure un codice di recupero.";

const sessionsEnded = (n: number) => (n === 1 ? '1 sessione' : `${n} sessioni`);

/**
 * The reset token: from the path (a leading ':' accepted, as the original client sends
 * `/reset-password/:<token>`), else `Authorization: Bearer`, else the body's `token`.
 */
function resetToken(request: FastifyRequest, pathToken: string | undefined, bodyToken: string | undefined) {
  const fromPath = pathToken?.replace(/^:/, '');
  if (fromPath) return fromPath;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return bearer ?? bodyToken ?? '';
}

export interface AccountsRoutesOptions {
  devices: TrustedDeviceService;
  background: BackgroundTasks;
}

/**
 * /api/users: sign-up, login, logout, the current user, its password and sessions, and password
 * reset by mail.
 */
const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = (app, { devices, background }) => {
  const { accounts, sessions, securityLog, twoFactor } = app;
  const limits = createAccountLimits(app);
  startDeferredTasks(app, background);

  /**
   * Opens a session for `user` in this browser: the session the browser came with ends (one
   * sign-in, one session: never a session fixed in advance), and the browser becomes a trusted
   * device of the account (`device`, the one it presented, is replaced). Recorded in the security
   * log (`accesso_riuscito`).
   */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: User, device?: TrustedDevice) {
    await sessions.end(readSessionCookie(request));
    logAsUser(request, reply, user._id);
    const origin = requestOrigin(request);
    setSessionCookie(request, reply, await sessions.start(user._id, origin));
    await securityLog.record({ type: 'accesso_riuscito', userId: user._id, actorId: user._id, origin });
    const tokens = await devices.issue(user._id, readDeviceTokens(request), device);
    setDeviceTokens(request, reply, tokens, DEVICE_TTL_MS);
  }

  const tags = ['users'];
  const failures = { 400: ApiErrorSchema, 401: ApiErrorSchema, 429: ApiErrorSchema };

  app.get(
    '/signup',
    {
      schema: {
        tags,
        summary: 'Come funziona la registrazione qui (SIGNUP), per dirlo prima di registrarsi',
        response: { 200: SignupInfoSchema },
      },
    },
    () => ({ signup: app.config.signup }),
  );

  app.post(
    '/signup',
    {
      schema: {
        tags,
        summary: 'Registra un nuovo utente',
        description:
          "Il primo account di un'installazione diventa amministratore e apre la sessione (201). Ogni altra registrazione risponde 202 con lo stesso corpo, che l'indirizzo abbia già un account o no: l'account nuovo aspetta l'approvazione (SIGNUP=approval) o è attivo (SIGNUP=open); il titolare di un indirizzo già registrato riceve un'email.",
        body: SignupInputSchema,
        response: {
          201: UserSchema,
          202: SignupAcceptedSchema,
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      accounts.assertSignupOpen();
      await limits.signup.countAttempt(request);
      const outcome = await accounts.signup(request.body, requestOrigin(request));
      if (outcome.kind === 'signed-in') {
        await signIn(request, reply, outcome.user);
        return reply.code(201).send(outcome.user);
      }
      afterResponse(request, 'sign-up mail', outcome.notify);
      return reply.code(202).send(outcome.answer);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Accede e apre la sessione (cookie httpOnly)',
        description:
          "Un browser che ha già fatto l'accesso all'account presenta il suo cookie di dispositivo e ha un limite di tentativi suo: i tentativi falliti di altri non gli bloccano l'accesso. 403 ACCOUNT_PENDING: password giusta, account in attesa di approvazione. Con la verifica in due passaggi attiva la password giusta non apre la sessione: la risposta 200 è `TwoFactorChallenge` (con un cookie che vale 5 minuti) e il codice va a POST /api/users/login/two-factor.",
        body: LoginInputSchema,
        response: { 200: z.union([UserSchema, TwoFactorChallengeSchema]), ...failures, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const device = await devices.recognise(readDeviceTokens(request), request.body.email);
      let limiter = limits.login;
      if (device) {
        trustDevice(request, device.idHash);
        // A device that used up its own allowance is one more unknown client (OWASP).
        if (!(await limits.loginFromDevice.isUsedUp(request))) limiter = limits.loginFromDevice;
      }
      const origin = requestOrigin(request);
      const { email } = request.body;
      let failure: { reason: SignInFailureReason; userId: string | null } | undefined;
      let outcome;
      try {
        outcome = await limiter.countFailure(request, async () => {
          const result = await accounts.login(request.body);
          if (result.kind !== 'failed') return result;
          failure = result;
          return undefined;
        });
      } catch (error) {
        // Refused before any check: recorded once a minute per address and email at most.
        if (error instanceof AppError && error.statusCode === 429) {
          await securityLog.recordThrottled(`${origin.ip ?? ''}|${email}`, {
            type: 'accesso_fallito',
            email,
            origin,
            details: { motivo: 'troppi_tentativi' },
          });
        }
        throw error;
      }
      if (!outcome || outcome.kind === 'pending') {
        const userId = outcome?.userId ?? failure?.userId ?? null;
        await securityLog.record({
          type: 'accesso_fallito',
          userId,
          email: userId === null ? email : null,
          origin,
          details: { motivo: outcome ? 'account_in_attesa' : (failure?.reason ?? 'password_errata') },
        });
        throw outcome ? errors.accountPending() : errors.invalidCredentials();
      }
      if (outcome.user.twoFactorEnabled === true) {
        // The password was right; the session waits for the code (POST /login/two-factor).
        const challenge = await twoFactor.startChallenge(outcome.user._id);
        setChallengeCookie(request, reply, challenge.id, challenge.expiresAt);
        return {
          twoFactorRequired: true as const,
          message: CODE_MESSAGE,
          expiresAt: challenge.expiresAt.toISOString(),
        };
      }
      await signIn(request, reply, outcome.user, device);
      return outcome.user;
    },
  );

  app.post(
    '/login/two-factor',
    {
      schema: {
        tags,
        summary:
          "Secondo passaggio dell'accesso: il codice dell'app o un codice di recupero; apre la sessione",
        description:
          "Vale per la richiesta di codice aperta da POST /api/users/login (il suo cookie): 5 minuti e al massimo 5 codici errati, poi 401 TWO_FACTOR_EXPIRED e si riparte dalla password. Un codice dell'app vale una volta sola; un codice di recupero pure. I codici errati contano come le password errate (429).",
        body: TwoFactorLoginInputSchema,
        response: { 200: UserSchema, ...failures },
      },
    },
    async (request, reply) => {
      const challengeId = readChallengeCookie(request) ?? '';
      const user = await twoFactor.challengeAccount(challengeId);
      challengeFor(request, user._id);
      const device = await devices.recognise(readDeviceTokens(request), user.email);
      let limiter = limits.loginCode;
      if (device) {
        trustDevice(request, device.idHash);
        if (!(await limits.loginCodeFromDevice.isUsedUp(request))) limiter = limits.loginCodeFromDevice;
      }
      const outcome = await limiter.countFailure(request, async () => {
        const result = await twoFactor.completeChallenge(
          challengeId,
          request.body.codice,
          requestOrigin(request),
        );
        return result.kind === 'signed-in' ? result : undefined;
      });
      if (!outcome) throw errors.wrongSignInCode();
      clearChallengeCookie(request, reply);
      await signIn(request, reply, user, device);
      return user;
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.requireSession,
      config: { permission: 'profile:read' },
      schema: {
        tags,
        summary: "L'utente della sessione",
        security: [{ session: [] }],
        response: { 200: UserSchema, 401: ApiErrorSchema },
      },
    },
    (request) => currentUser(request),
  );

  app.post(
    '/me/password',
    {
      onRequest: app.requireSession,
      config: { permission: 'profile:write' },
      schema: {
        tags,
        summary: 'Cambia la password (serve quella attuale) e chiude le altre sessioni',
        security: [{ session: [] }],
        body: ChangePasswordInputSchema,
        response: { 200: MessageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { idHash } = currentSession(request);
      const changed = await limits.changePassword.countFailure(request, async () => {
        const result = await accounts.changePassword(user._id, idHash, request.body, requestOrigin(request));
        return result.valid ? result : undefined;
      });
      if (!changed) throw errors.wrongCurrentPassword();
      const others =
        changed.endedSessions === 0
          ? ''
          : ` Chiuse ${sessionsEnded(changed.endedSessions)} su altri dispositivi.`;
      return { message: `Password cambiata.${others}` };
    },
  );

  app.delete(
    '/me/sessions',
    {
      onRequest: app.requireSession,
      config: { permission: 'profile:write' },
      schema: {
        tags,
        summary: 'Esce da tutti gli altri dispositivi: chiude ogni sessione tranne questa',
        security: [{ session: [] }],
        response: { 200: MessageSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ended = await sessions.endAllOf(user._id, undefined, currentSession(request).idHash);
      if (ended > 0) {
        await securityLog.record({
          type: 'sessione_chiusa',
          userId: user._id,
          actorId: user._id,
          origin: requestOrigin(request),
          details: { sessioniChiuse: ended, altre: true },
        });
      }
      return {
        message:
          ended === 0
            ? 'Nessun altro dispositivo era connesso: resti connesso solo qui.'
            : `Sei uscito da tutti gli altri dispositivi: chiuse ${sessionsEnded(ended)}. Qui resti connesso.`,
      };
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags,
        summary: 'Invia per email il link per reimpostare la password',
        body: ForgotPasswordInputSchema,
        response: { 200: MessageSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      await limits.forgotPassword.countAttempt(request);
      const { email } = request.body;
      const origin = requestOrigin(request);
      // Answered first, looked up and mailed afterwards: the answer takes the same time either way.
      afterResponse(request, 'password reset request', () => accounts.sendResetLink(email, origin));
      return { message: FORGOT_MESSAGE };
    },
  );

  const resetSchema = {
    tags,
    summary: 'Imposta una nuova password con il token ricevuto per email',
    body: ResetPasswordInputSchema,
    response: { 200: MessageSchema, 400: ApiErrorSchema },
  };
  app.post(
    '/reset-password/:token',
    { schema: { ...resetSchema, params: z.object({ token: z.string() }) } },
    async (request, reply) => {
      const token = resetToken(request, request.params.token, request.body.token);
      await accounts.resetPassword(token, request.body.password, requestOrigin(request));
      clearSessionCookie(request, reply);
      return { message: RESET_MESSAGE };
    },
  );
  app.post('/reset-password', { schema: resetSchema }, async (request, reply) => {
    const token = resetToken(request, undefined, request.body.token);
    await accounts.resetPassword(token, request.body.password, requestOrigin(request));
    clearSessionCookie(request, reply);
    return { message: RESET_MESSAGE };
  });
  return Promise.resolve();
};

export default accountsRoutes;
