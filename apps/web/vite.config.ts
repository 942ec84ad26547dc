import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { PurgeCSS } from 'purgecss';
import type { Plugin, Rolldown } from 'vite';
import { ROUTE_PAGES } from './src/app/route-pages.ts';
import { paths } from './src/lib/paths.ts';
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

/** Chunk files `start` loads before running: themselves and their static imports, transitively. */
function staticClosure(start: Rolldown.OutputChunk, chunks: Map<string, Rolldown.OutputChunk>): Set<string> {
  const seen = new Set<string>();
  const pending = [start.fileName];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    const chunk = chunks.get(file);
    if (seen.has(file) || !chunk) continue;
    seen.add(file);
    pending.push(...chunk.imports);
  }
  return seen;
}

/**
 * Runs the app's entry once the first frame is painted (at once in a hidden tab, whose frames
 * wait): the yard's bar and the page's frame show as soon as the HTML has arrived, before any
 * script runs. The entry is the `modulepreload` marked `data-entry`, already downloading by then.
 * Inline and the same on every page: the server's CSP allows it by its hash (security-headers.ts).
 */
const APP_BOOT = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = document.querySelector('link[data-entry]').href;
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden') return start();
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 200);
})();`;

/**
 * The HTML the server answers each route with (plugins/web.ts), rewritten after the build:
 * - index.html carries the app's stylesheet inline, so the first paint waits for the page alone;
 *   the app's chunks are preloaded at low priority (nothing on the page waits for them: images
 *   and the page's own requests go first) and `APP_BOOT` runs the entry after the first paint;
 * - `routes/<route>.html` is index.html that also preloads every chunk of that route's screen
 *   (route-pages.ts) and its stylesheet, so a phone downloads them together with the app's own
 *   instead of one round trip after the app has started;
 * - `routes.json` lists `{ path, file }` for the server, in the router's patterns (paths.ts).
 */
function routeShells(): Plugin {
  return {
    name: 'magazzino:route-shells',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? path.join(webRoot, 'dist');
      const chunks = new Map(
        Object.values(bundle)
          .filter((output): output is Rolldown.OutputChunk => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route shells: the build has no entry chunk');
      const loadedByEntry = staticClosure(entry, chunks);
      const modulePreload = (file: string, extra = '') =>
        `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}"${extra}>`;

      const indexFile = path.join(outDir, 'index.html');
      const built = fs.readFileSync(indexFile, 'utf8');
      if (!built.includes(`src="/${entry.fileName}"`))
        throw new Error('route shells: index.html has no entry script');
      const index = built
        .replace(
          /<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)">/g,
          (_, file: string) => `<style>${fs.readFileSync(path.join(outDir, file), 'utf8')}</style>`,
        )
        .replace(/\s*<script type="module"[^>]*><\/script>/, '')
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        // The preloads come before the stylesheet, so the browser's preload scanner meets them first.
        .replace(
          '<style>',
          [
            modulePreload(entry.fileName, ' data-entry'),
            ...[...loadedByEntry]
              .filter((file) => file !== entry.fileName)
              .map((file) => modulePreload(file)),
            '<style>',
          ].join('\n'),
        )
        .replace('</body>', `<script>${APP_BOOT}</script>\n</body>`);
      if (!index.includes('data-entry'))
        throw new Error('route shells: index.html has no stylesheet to inline');
      fs.writeFileSync(indexFile, index);

      fs.mkdirSync(path.join(outDir, 'routes'), { recursive: true });
      const routes = Object.entries(ROUTE_PAGES).map(([key, page]) => {
        const id = path.join(webRoot, 'src/features', `${page}.tsx`);
        const screen = [...chunks.values()].find((chunk) => chunk.facadeModuleId === id);
        if (!screen) throw new Error(`route shells: no chunk for ${page}`);
        const files = [...staticClosure(screen, chunks)].filter((file) => !loadedByEntry.has(file));
        const styles = new Set(
          files.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]),
        );
        const links = [
          ...files.map((file) => modulePreload(file)),
          ...[...styles].map(
            (file) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${file}">`,
          ),
        ];
        const file = `routes/${key}.html`;
        fs.writeFileSync(path.join(outDir, file), index.replace('<style>', `${links.join('\n')}\n<style>`));
        return { path: paths[key as keyof typeof paths].path, file };
      });
      fs.writeFileSync(path.join(outDir, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  plugins: [react(), purgeBootstrap(), routeShells()],
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
