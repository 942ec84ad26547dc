import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/** How long requests in flight may take to finish once a stop is asked for. */
const GRACE_MS = 10_000;

/** Starts the server and closes it gracefully on SIGTERM / SIGINT. Nothing else lives here. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);

  // Stops accepting connections, lets requests in flight finish, closes the database, exits 0;
  // past GRACE_MS, or on a second signal, exits 1.
  closeWithGrace(
    { delay: GRACE_MS, logger: { error: (message: string) => app.log.error(message) } },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'unexpected error: shutting down');
      else app.log.info({ signal }, 'shutting down: finishing requests in flight');
      await app.close();
    },
  );

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Avvio non riuscito:', error);
  process.exit(1);
});
