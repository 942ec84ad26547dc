import type { FastifyBaseLogger } from 'fastify';

/**
 * A logger that writes nothing, for command-line tools (`npm run demo`, backup, restore) whose
 * services expect one: their summary line says what was done.
 */
export const silentLog: FastifyBaseLogger = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => silentLog,
};
