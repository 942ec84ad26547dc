import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';

/** Cookie parsing (`request.cookies`) and `reply.setCookie` / `reply.clearCookie`. */
export default fp(
  async (app) => {
    await app.register(cookie);
  },
  { name: 'cookies' },
);
