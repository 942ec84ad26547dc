import { z } from 'zod';
import { ApiErrorSchema } from './errors.js';

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) }).meta({ id: 'Health' });

/** What a readiness check found of one thing the service needs (the database, the photo storage). */
export const CheckResultSchema = z.enum(['ok', 'unavailable']);

/** GET /api/health/ready, 200: every check passed. */
export const ReadinessSchema = z
  .object({ status: z.literal('ok'), checks: z.record(z.string(), CheckResultSchema) })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof ReadinessSchema>;

/** GET /api/health/ready, 503: the contract's error, with what each check found. */
export const ReadinessUnavailableSchema = ApiErrorSchema.extend({
  checks: z.record(z.string(), CheckResultSchema),
}).meta({ id: 'ReadinessUnavailable' });
