import {
  AccountSettingsInputSchema,
  AccountSettingsSchema,
  MessageSchema,
  UserAccountSchema,
  UserApprovalInputSchema,
  UserUpdateInputSchema,
} from '@magazzino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterResponse, startDeferredTasks } from './after-response.js';
import type { BackgroundTasks } from './background-tasks.js';
import { requestOrigin } from './security-log.service.js';
import { currentUser } from './session.guard.js';
import { docs, failures, guarded, UserAccountListSchema, UserIdParamsSchema } from './users.schemas.js';

/**
 * The 'Utenti' routes under /api/users, for amministratori (`users:manage`): the accounts, their
 * role and status, approving or rejecting sign-ups, a reset mail, and the role of new accounts.
 * The decisions are the services'.
 */
const usersRoutes: FastifyPluginAsyncZod<{ background: BackgroundTasks }> = (app, { background }) => {
  app.addHook('onRequest', app.requireSession);
  startDeferredTasks(app, background);
  const { accounts, users } = app;
  const config = { permission: 'users:manage' } as const;
  /** The amministratore of the request, for the security log. */
  const actor = (request: FastifyRequest) => ({
    actorId: currentUser(request)._id,
    origin: requestOrigin(request),
  });

  app.get(
    '/',
    {
      config,
      schema: {
        ...docs,
        summary: 'Tutti gli account, con ruolo e stato',
        response: { 200: UserAccountListSchema, ...guarded },
      },
    },
    () => users.list(),
  );

  app.patch(
    '/:id',
    {
      config,
      schema: {
        ...docs,
        summary: 'Cambia il ruolo o lo stato di un account (disabilitarlo chiude subito le sue sessioni)',
        params: UserIdParamsSchema,
        body: UserUpdateInputSchema,
        response: {
          200: UserAccountSchema,
          400: failures[400],
          404: failures[404],
          409: failures[409],
          ...guarded,
        },
      },
    },
    (request) =>
      users.update(currentUser(request)._id, request.params.id, request.body, requestOrigin(request)),
  );

  app.post(
    '/:id/approve',
    {
      config,
      schema: {
        ...docs,
        summary: "Approva un account in attesa con il ruolo scelto: può accedere, e gli arriva un'email",
        params: UserIdParamsSchema,
        body: UserApprovalInputSchema,
        response: {
          200: UserAccountSchema,
          400: failures[400],
          404: failures[404],
          409: failures[409],
          ...guarded,
        },
      },
    },
    async (request) => {
      const { account, notify } = await users.approve(request.params.id, request.body.role, actor(request));
      afterResponse(request, 'approval mail', notify);
      return account;
    },
  );

  app.post(
    '/:id/reject',
    {
      config,
      schema: {
        ...docs,
        summary: 'Rifiuta un account in attesa: viene cancellato',
        params: UserIdParamsSchema,
        response: { 200: MessageSchema, 404: failures[404], 409: failures[409], ...guarded },
      },
    },
    async (request) => {
      const account = await users.reject(request.params.id, actor(request));
      return { message: `Richiesta di ${account.username} (${account.email}) rifiutata.` };
    },
  );

  app.post(
    '/:id/password-reset',
    {
      config,
      schema: {
        ...docs,
        summary: "Invia all'account il link per reimpostare la password (valido 60 minuti)",
        params: UserIdParamsSchema,
        response: { 200: MessageSchema, 404: failures[404], 409: failures[409], ...guarded },
      },
    },
    async (request) => {
      const user = await accounts.sendResetLinkTo(request.params.id, actor(request));
      return { message: `Link per reimpostare la password inviato a ${user.email}.` };
    },
  );

  app.get(
    '/settings',
    {
      config,
      schema: {
        ...docs,
        summary: 'Come entrano i nuovi account: SIGNUP e il ruolo che ricevono',
        response: { 200: AccountSettingsSchema, ...guarded },
      },
    },
    () => users.settings(),
  );

  app.put(
    '/settings',
    {
      config,
      schema: {
        ...docs,
        summary: 'Imposta il ruolo dei nuovi account',
        body: AccountSettingsInputSchema,
        response: { 200: AccountSettingsSchema, 400: failures[400], ...guarded },
      },
    },
    (request) => users.updateSettings(request.body, actor(request)),
  );
  return Promise.resolve();
};

export default usersRoutes;
