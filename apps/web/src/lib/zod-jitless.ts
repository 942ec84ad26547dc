import { config } from 'zod/v4';

/**
 * 'zod' as the web app's build sees it (vite.config.ts aliases the bare name here): zod itself,
 * with its JIT turned off. Zod 4 probes with `new Function` whether it may compile a faster
 * object parser, when each object schema is made; the server's CSP (script-src 'self', no
 * 'unsafe-eval') refuses the probe and the browser reports a violation on every page. The plain
 * parser validates the same way. Set here, every module importing zod (the contract's schemas
 * first) runs after it, whatever chunk the bundler puts them in.
 */
export * from 'zod/v4';
export { default } from 'zod/v4';

config({ jitless: true });
