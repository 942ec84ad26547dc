import { Socket } from 'node:net';
import fp from 'fastify-plugin';

/**
 * Completes Fastify's own close for requests already in flight when `app.close()` starts: they
 * finish, and their keep-alive connections end with them. Fastify answers requests arriving
 * after that with `Connection: close` and closes idle connections; a connection busy when the
 * close began would otherwise stay open after its answer, and close() would wait for the client
 * to hang up (a browser keeps it for minutes).
 */
export default fp(
  (app) => {
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      // Tells the client too, so it does not send another request on this connection.
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      // An answer whose headers left before the close began (a long export) ends its connection
      // here. Injected requests (tests) have no real connection to end.
      const socket: unknown = request.raw.socket;
      if (closing && socket instanceof Socket) socket.end();
      done();
    });
    return Promise.resolve();
  },
  { name: 'graceful-close' },
);
