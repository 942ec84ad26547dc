import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the same zod schemas the routes validate with, and served
 * (public, left out of itself) at GET /api/docs.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Magazzino Ricambi API',
          version: '1.0.0',
          description:
            'API del magazzino ricambi. Ogni rotta dei dati richiede una sessione (cookie httpOnly ottenuto con login o signup); sono pubbliche solo registrazione, accesso, recupero password, stato e documentazione.',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'magazzino_sid' },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    app.get('/api/docs', { schema: { hide: true } }, () => app.swagger());
  },
  { name: 'openapi' },
);
