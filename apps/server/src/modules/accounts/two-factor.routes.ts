import {
  AccountSettingsSchema,
  ApiErrorSchema,
  MessageSchema,
  RecoveryCodesSchema,
  TwoFactorCodeInputSchema,
  TwoFactorDisableInputSchema,
  TwoFactorRequiredInputSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@magazzino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/errors.js';
import { createAccountLimits } from './accounts.limits.js';
import { requestOrigin } from './security-log.service.js';
import { currentUser } from './session.guard.js';
import { docs, failures, guarded, UserIdParamsSchema } from './users.schemas.js';

/** The answers of a guarded two-factor route besides its own. */
const own = {
  401: ApiErrorSchema.describe('Sessione assente o scaduta'),
  409: ApiErrorSchema.describe(
    'TWO_FACTOR_CONFLICT: già attiva, non attiva, configurazione scaduta, o richiesta per tutti da un amministratore',
  ),
};

/**
 * Two-factor sign-in under /api/users (docs/product.md, "Two-factor sign-in"): the signed-in
 * user's own (`profile:two-factor`, which a session waiting for enrolment may use), then the
 * amministratore's (`users:manage`). The sign-in's code step is with the sign-in, in
 * accounts.routes.ts. The decisions are `app.twoFactor`'s.
 */
const twoFactorRoutes: FastifyPluginAsyncZod = (app) => {
  app.addHook('onRequest', app.requireSession);
  const { twoFactor } = app;
  const limits = createAccountLimits(app);
  const self = { permission: 'profile:two-factor' } as const;
  const admin = { permission: 'users:manage' } as const;

  app.get(
    '/me/two-factor',
    {
      config: self,
      schema: {
        ...docs,
        summary: 'Lo stato della verifica in due passaggi del proprio account',
        response: { 200: TwoFactorStatusSchema, 401: own[401] },
      },
    },
    (request) => twoFactor.status(currentUser(request)._id),
  );

  app.post(
    '/me/two-factor/setup',
    {
      config: self,
      schema: {
        ...docs,
        summary: "Avvia l'attivazione: codice QR, indirizzo otpauth e chiave da inserire nell'app",
        description:
          "La chiave resta in attesa per 10 minuti: si conferma con il primo codice dell'app (POST /api/users/me/two-factor/confirm). Un nuovo avvio sostituisce quello in attesa.",
        response: { 200: TwoFactorSetupSchema, ...own },
      },
    },
    (request) => twoFactor.startSetup(currentUser(request)),
  );

  app.post(
    '/me/two-factor/confirm',
    {
      config: self,
      schema: {
        ...docs,
        summary: "Conferma l'attivazione con il primo codice dell'app e riceve i dieci codici di recupero",
        description:
          'I codici di recupero si vedono solo in questa risposta: il server ne conserva solo lo SHA-256.',
        body: TwoFactorCodeInputSchema,
        response: { 200: RecoveryCodesSchema, 400: ApiErrorSchema, 429: ApiErrorSchema, ...own },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const codes = await limits.twoFactor.countFailure(request, () =>
        twoFactor.confirmSetup(user._id, request.body.codice, requestOrigin(request)),
      );
      if (!codes) throw errors.wrongTwoFactorCode();
      return codes;
    },
  );

  app.post(
    '/me/two-factor/recovery-codes',
    {
      config: self,
      schema: {
        ...docs,
        summary:
          "Genera dieci nuovi codici di recupero (serve un codice dell'app); i precedenti smettono di valere",
        body: TwoFactorCodeInputSchema,
        response: { 200: RecoveryCodesSchema, 400: ApiErrorSchema, 429: ApiErrorSchema, ...own },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const codes = await limits.twoFactor.countFailure(request, () =>
        twoFactor.regenerateRecoveryCodes(user._id, request.body.codice, requestOrigin(request)),
      );
      if (!codes) throw errors.wrongTwoFactorCode();
      return codes;
    },
  );

  app.post(
    '/me/two-factor/disable',
    {
      config: self,
      schema: {
        ...docs,
        summary: 'Disattiva la verifica in due passaggi (servono la password e un codice)',
        body: TwoFactorDisableInputSchema,
        response: { 200: MessageSchema, 400: ApiErrorSchema, 429: ApiErrorSchema, ...own },
      },
    },
    async (request) => {
      const user = currentUser(request);
      let refused: 'password' | 'codice' | undefined;
      const done = await limits.twoFactor.countFailure(request, async () => {
        const outcome = await twoFactor.disable(user._id, request.body, requestOrigin(request));
        refused = outcome?.refused;
        return outcome === undefined ? true : undefined;
      });
      if (!done) throw refused === 'password' ? errors.wrongPassword() : errors.wrongTwoFactorCode();
      return { message: 'Verifica in due passaggi disattivata: per accedere basta di nuovo la password.' };
    },
  );

  app.delete(
    '/:id/two-factor',
    {
      config: admin,
      schema: {
        ...docs,
        summary: 'Azzera la verifica in due passaggi di un account (telefono perso) e ne chiude le sessioni',
        params: UserIdParamsSchema,
        response: { 200: MessageSchema, 404: failures[404], 409: own[409], ...guarded },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const user = await twoFactor.reset(actor._id, request.params.id, requestOrigin(request));
      return {
        message: `Verifica in due passaggi di ${user.username} azzerata: accede con la password e può attivarla di nuovo.`,
      };
    },
  );

  app.put(
    '/settings/two-factor',
    {
      config: admin,
      schema: {
        ...docs,
        summary: 'Richiede (o non più) la verifica in due passaggi per tutti gli account',
        description:
          "Per attivarla, l'amministratore deve averla già attiva sul suo account (409). Chi non l'ha attivata, dopo l'accesso può solo attivarla: ogni altra richiesta risponde 403 TWO_FACTOR_SETUP_REQUIRED.",
        body: TwoFactorRequiredInputSchema,
        response: { 200: AccountSettingsSchema, 400: failures[400], 409: own[409], ...guarded },
      },
    },
    async (request) => {
      await twoFactor.setRequired(currentUser(request)._id, request.body.required, requestOrigin(request));
      return app.users.settings();
    },
  );
  return Promise.resolve();
};

export default twoFactorRoutes;
