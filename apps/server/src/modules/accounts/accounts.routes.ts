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
  UserSchema,
  type User,
} from '@magazzino/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/errors.js';
import { afterResponse, startDeferredTasks } from './after-response.js';
import { createAccountLimits, trustDevice } from './accounts.limits.js';
import type { BackgroundTasks } from './background-tasks.js';
import { readDeviceTokens, setDeviceTokens } from './device.cookie.js';
import { DEVICE_TTL_MS, type TrustedDevice, type TrustedDeviceService } from './devices.service.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session.cookie.js';
import { currentSession, currentUser, logAsUser } from './session.guard.js';

const FORGOT_MESSAGE =
  "Se l'indirizzo è registrato, riceverai a breve un'email con il link per reimpostare la password.";
const RESET_MESSAGE = 'Password aggiornata: ora puoi accedere con la nuova password.';

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
  const { accounts, sessions } = app;
  const limits = createAccountLimits(app);
  startDeferredTasks(app, background);

  /**
   * Opens a session for `user` in this browser: the session the browser came with ends (one
   * sign-in, one session: never a session fixed in advance), and the browser becomes a trusted
   * device of the account (`device`, the one it presented, is replaced).
   */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: User, device?: TrustedDevice) {
    await sessions.end(readSessionCookie(request));
    logAsUser(request, reply, user._id);
    setSessionCookie(request, reply, await sessions.start(user._id));
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
      const outcome = await accounts.signup(request.body);
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
          "Un browser che ha già fatto l'accesso all'account presenta il suo cookie di dispositivo e ha un limite di tentativi suo: i tentativi falliti di altri non gli bloccano l'accesso. 403 ACCOUNT_PENDING: password giusta, account in attesa di approvazione.",
        body: LoginInputSchema,
        response: { 200: UserSchema, ...failures, 403: ApiErrorSchema },
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
      const outcome = await limiter.countFailure(request, () => accounts.login(request.body));
      if (!outcome) throw errors.invalidCredentials();
      if (outcome.kind === 'pending') throw errors.accountPending();
      await signIn(request, reply, outcome.user, device);
      return outcome.user;
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
        const result = await accounts.changePassword(user._id, idHash, request.body);
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
      // Answered first, looked up and mailed afterwards: the answer takes the same time either way.
      afterResponse(request, 'password reset request', () => accounts.sendResetLink(email));
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
      await accounts.resetPassword(token, request.body.password);
      clearSessionCookie(request, reply);
      return { message: RESET_MESSAGE };
    },
  );
  app.post('/reset-password', { schema: resetSchema }, async (request, reply) => {
    await accounts.resetPassword(resetToken(request, undefined, request.body.token), request.body.password);
    clearSessionCookie(request, reply);
    return { message: RESET_MESSAGE };
  });
  return Promise.resolve();
};

export default accountsRoutes;
