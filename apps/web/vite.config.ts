import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { PurgeCSS } from 'purgecss';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
const zodJitless = fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url));
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const rootModules = fileURLToPath(new URL('../../node_modules', import.meta.url));

const BOOTSTRAP_CSS = /[\\/]bootstrap[\\/]dist[\\/]css[\\/]bootstrap(?:\.min)?\.css$/;
/**
 * Class prefixes react-bootstrap joins to a word at run time (`btn-${variant}`, `${bsPrefix}-icon`):
 * each component's default prefix whose module builds class names from a template.
 */
const JOINED_PREFIXES = [
  ...['alert', 'badge', 'bg', 'border', 'btn', 'btn-close', 'card-img', 'dropdown', 'dropdown-menu'],
  ...['dropdown-toggle', 'fixed', 'form-check', 'form-control', 'form-select', 'form-switch', 'invalid'],
  ...['modal', 'modal-dialog', 'modal-fullscreen', 'nav', 'navbar', 'navbar-expand', 'navbar-toggler'],
  ...['offcanvas', 'spinner', 'spinner-border', 'spinner-grow', 'sticky', 'table', 'table-responsive'],
  ...['text', 'text-bg', 'valid'],
];
/** Grid classes react-bootstrap's <Row>/<Col> build from breakpoint props (`col-sm-10`, `row-cols-xl-3`). */
const GRID_CLASSES = [/^col(?:-(?:sm|md|lg|xl|xxl))?(?:-(?:\d+|auto))?$/, /^row-cols-/];
/** Every element Bootstrap's reboot styles: a library may render one the app never names. */
const HTML_TAGS =
  'html body h1 h2 h3 h4 h5 h6 p hr abbr address ol ul li dl dt dd b strong small mark sub sup a pre code ' +
  'kbd samp figure img svg table caption thead tbody tfoot tr th td label button input optgroup select ' +
  'textarea fieldset legend progress summary details output iframe main header footer nav section';

/** react-bootstrap's ES modules the app imports, with the local modules they import in turn. */
function reactBootstrapModules(sources: string[]): string[] {
  const esm = path.join(rootModules, 'react-bootstrap/esm');
  const pending = sources.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/from 'react-bootstrap\/(\w+)'/g)].map((m) => `${m[1]}.js`),
  );
  const seen = new Set<string>();
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const file = path.join(esm, name);
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/from '\.\/(\w+)'/g)) pending.push(`${m[1]}.js`);
  }
  return [...seen];
}

/**
 * Keeps only the Bootstrap rules the app can use (about a tenth of bootstrap.min.css), so the
 * stylesheet that blocks the first paint is small. Only Bootstrap's file is purged: the app's own
 * CSS is left whole. Words are read from the app's sources and the react-bootstrap modules it
 * imports; a class react-bootstrap joins from a prop is kept when the prop's value appears.
 * Builds only: `vite dev` serves the whole file.
 */
function purgeBootstrap(): Plugin {
  return {
    name: 'magazzino:purge-bootstrap',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (!BOOTSTRAP_CSS.test(id.split('?')[0] ?? id)) return null;
      const sources = fs
        .readdirSync(path.join(webRoot, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .map((file) => path.join(webRoot, 'src', file));
      const [result] = await new PurgeCSS().purge({
        content: [
          ...sources,
          ...reactBootstrapModules(sources),
          path.join(webRoot, 'index.html'),
          { raw: HTML_TAGS, extension: 'html' },
        ],
        css: [{ raw: code }],
        defaultExtractor: (content) => {
          // `${bsPrefix}-dialog` reads as '-dialog': its word is 'dialog'.
          const words = (content.match(/[\w-]+/g) ?? []).flatMap((word) => [
            word,
            word.replace(/^-+|-+$/g, ''),
          ]);
          return [...words, ...words.flatMap((word) => JOINED_PREFIXES.map((prefix) => `${prefix}-${word}`))];
        },
        safelist: { standard: GRID_CLASSES },
        // The theme switch sets this attribute at run time; the dark rules must stay.
        dynamicAttributes: ['data-bs-theme'],
      });
      return { code: result?.css ?? code, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), purgeBootstrap()],
  resolve: {
    alias: [
      { find: '@magazzino/contract', replacement: contractSource },
      // Bare 'zod' only: the wrapper itself imports 'zod/v4'. Why: src/lib/zod-jitless.ts.
      { find: /^zod$/, replacement: zodJitless },
    ],
  },
  // Source maps stay beside the build for the operator (never referenced by the scripts, never
  // served: plugins/web.ts refuses *.map), so no visitor can read the sources through them.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden', chunkSizeWarningLimit: 600 },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
  },
});
