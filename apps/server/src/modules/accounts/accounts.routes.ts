import {
  ApiErrorSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  MessageSchema,
  ResetPasswordInputSchema,
  SignupInputSchema,
  UserSchema,
} from '@magazzino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/errors.js';
import { createAccountLimits } from './accounts.limits.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session.cookie.js';
import { currentUser } from './session.guard.js';

const FORGOT_MESSAGE =
  "Se l'indirizzo è registrato, riceverai a breve un'email con il link per reimpostare la password.";
const RESET_MESSAGE = 'Password aggiornata: ora puoi accedere con la nuova password.';

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

/** /api/users: sign-up, login, logout, the current user, and password reset by mail. */
const accountsRoutes: FastifyPluginAsyncZod = (app) => {
  const { accounts, sessions } = app;
  const limits = createAccountLimits(app);

  const tags = ['users'];
  const failures = { 400: ApiErrorSchema, 401: ApiErrorSchema, 429: ApiErrorSchema };

  app.post(
    '/signup',
    {
      schema: {
        tags,
        summary: 'Registra un nuovo utente e apre la sessione',
        body: SignupInputSchema,
        response: {
          201: UserSchema,
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          409: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      accounts.assertSignupOpen();
      await limits.signup.countAttempt(request);
      const user = await accounts.signup(request.body);
      setSessionCookie(request, reply, await sessions.start(user._id));
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Accede e apre la sessione (cookie httpOnly)',
        body: LoginInputSchema,
        response: { 200: UserSchema, ...failures },
      },
    },
    async (request, reply) => {
      const user = await limits.login.countFailure(request, () => accounts.login(request.body));
      if (!user) throw errors.invalidCredentials();
      setSessionCookie(request, reply, await sessions.start(user._id));
      return user;
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Chiude la sessione (anche lato server)',
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await sessions.end(readSessionCookie(request));
      clearSessionCookie(request, reply);
      return reply.code(204).send();
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
      accounts.requestPasswordReset(request.body.email);
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
