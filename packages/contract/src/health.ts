import { z } from 'zod';

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) }).meta({ id: 'Health' });
