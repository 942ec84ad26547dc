import fp from 'fastify-plugin';
import { fieldErrors } from '@magazzino/contract';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { errors } from '../lib/errors.js';

/**
 * Request validation with the contract's zod schemas: a failure becomes a 400 whose `fields`
 * carries one Italian message per field. Responses are serialized through the same schemas.
 */
const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: errors.validation(fieldErrors(result.error)) };
  };

export default fp(
  (app) => {
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    return Promise.resolve();
  },
  { name: 'validation' },
);
