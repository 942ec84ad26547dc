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

/**
 * The routes a visitor opens (router.tsx): their pages do not preload the signed-in bar, whose
 * menus are not part of the sign-in screen (app/layout/SignedInBar.tsx). Every other page does.
 */
const VISITOR_ROUTES: ReadonlySet<string> = new Set([
  'login',
  'register',
  'forgotPassword',
  'passwordSent',
  'newPassword',
]);
const SIGNED_IN_BAR = path.join(webRoot, 'src/app/layout/SignedInBar.tsx');

/** The modules of every form, one chunk (`codeSplitting` below). */
const FORM_KIT = new RegExp(
  [
    String.raw`[\\/]src[\\/]components[\\/](FormField|SubmitButton|FormError|RequiredMark|use-server-errors)\.tsx?$`,
    String.raw`[\\/]src[\\/]lib[\\/](form-errors|load-once)\.ts$`,
    String.raw`[\\/]contract[\\/]src[\\/](decimal|limits)\.ts$`,
    String.raw`[\\/]react-bootstrap[\\/]esm[\\/](Form\w*|Feedback|FloatingLabel|Switch|Card\w*|Row|Col|divWithClassName|createWithBsPrefix|ElementChildren)\.js$`,
    String.raw`[\\/]node_modules[\\/](prop-types|warning)[\\/]`,
  ].join('|'),
);

/** The signed-in bar's modules and the libraries under them, one chunk (`codeSplitting` below). */
const SIGNED_IN_UI = new RegExp(
  [
    String.raw`[\\/]react-bootstrap[\\/]esm[\\/](Nav\w*|Navbar\w*|Dropdown\w*|Collapse|Offcanvas\w*|Modal\w*|BootstrapModalManager|Fade|Transition\w*|AbstractModalHeader|CloseButton|InputGroupContext|transitionEndListener|triggerBrowserReflow|createChainedFunction|safeFindDOMNode|useWrappedRefWithWarning|getInitialPopperStyles|helpers|types)\.js$`,
    String.raw`[\\/]node_modules[\\/](@restart|@popperjs|dom-helpers|react-transition-group|uncontrollable|dequal|react-lifecycles-compat)[\\/]`,
    String.raw`[\\/]@babel[\\/]runtime[\\/]helpers[\\/]esm[\\/]inheritsLoose\.js$`,
    String.raw`[\\/]src[\\/]components[\\/](scan[\\/]ScanButton|LineIcon)\.tsx$`,
    String.raw`[\\/]src[\\/]features[\\/]auth[\\/]api[\\/]logout\.ts$`,
  ].join('|'),
);

/** Screens behind sign-in: each route's module whose key is not a visitor's (route-pages.ts). */
const SIGNED_IN_SCREENS = [
  ...new Set(
    Object.entries(ROUTE_PAGES)
      .filter(([key]) => !VISITOR_ROUTES.has(key))
      .map(([, page]) => path.join(webRoot, 'src/features', `${page}.tsx`)),
  ),
];
const VISITOR_SCREENS = Object.entries(ROUTE_PAGES)
  .filter(([key]) => VISITOR_ROUTES.has(key))
  .map(([, page]) => path.join(webRoot, 'src/features', `${page}.tsx`));

const CONTRACT_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@magazzino\/contract['"]/g;
let contractFiles: Map<string, string> | undefined;
/** The file of the contract that defines each value the contract's index re-exports. */
function contractFileOf(name: string): string | undefined {
  if (!contractFiles) {
    contractFiles = new Map();
    const dir = path.dirname(contractSource);
    for (const file of fs.readdirSync(dir).filter((f) => /^[\w-]+\.ts$/.test(f) && !f.endsWith('.test.ts'))) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const m of source.matchAll(/^export (?:const|let|function\*?|class|enum) (\w+)/gm))
        contractFiles.set(m[1] as string, path.join(dir, file));
    }
  }
  return contractFiles.get(name);
}

/**
 * What a module imports, where an import from the contract's index counts as the contract files
 * that define the values it names: the index re-exports them all, so through it every module
 * would seem to reach zod. A module the names cannot be read from keeps the index.
 */
function importsOf(id: string, ctx: Rolldown.ChunkingContext): string[] {
  const info = ctx.getModuleInfo(id);
  if (!info) return [];
  if (!info.importedIds.includes(contractSource)) return [...info.importedIds];
  const names = [...(info.code ?? '').matchAll(CONTRACT_IMPORT)].flatMap((m) =>
    (m[1] ?? '').split(',').map((part) => part.trim().split(/\s+as\s+/)[0] ?? ''),
  );
  const files = names.map((name) => (name.startsWith('type ') ? undefined : contractFileOf(name)));
  if (
    names.length === 0 ||
    files.some((file, i) => !file && !names[i]?.startsWith('type ') && names[i] !== '')
  )
    return [...info.importedIds];
  return [
    ...info.importedIds.filter((imported) => imported !== contractSource),
    ...new Set(files.filter((file): file is string => file !== undefined)),
  ];
}

/** Modules `start` imports statically, transitively (a dynamic import starts a chunk of its own). */
function staticModules(start: string, ctx: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const pending = [start];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id) || !ctx.getModuleInfo(id)) continue;
    seen.add(id);
    pending.push(...importsOf(id, ctx));
  }
  return seen;
}

/**
 * Libraries too heavy for every screen: only the screens with a form load them. Whatever imports
 * them stays out of the shared chunk too (`sharedBySignedInScreens`).
 */
const FORM_LIBRARIES =
  /[\\/]node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/;
/** Modules of the chunks every signed-in screen loads anyway (`codeSplitting` below). */
const ALWAYS_LOADED = (id: string) => /[\\/]src[\\/]i18n[\\/]/.test(id) || FORM_KIT.test(id);

let sharedScreenModules: Set<string> | undefined;
/**
 * Modules that two or more signed-in screens import and no visitor's screen does (the sign-in
 * screen stays as light as it is), with nothing under them that a screen would not load anyway.
 * Left to rolldown, each set of screens sharing a module gets a chunk of its own: the list page
 * loaded 33 scripts of about 1 KB, and a phone on HTTP/1.1 takes them six at a time, a round trip
 * per wave. In one chunk they cost one request.
 */
function sharedBySignedInScreens(id: string, ctx: Rolldown.ChunkingContext): boolean {
  if (!sharedScreenModules) {
    const entry = staticModules(path.join(webRoot, 'src/main.tsx'), ctx);
    const visitor = new Set(VISITOR_SCREENS.flatMap((screen) => [...staticModules(screen, ctx)]));
    const uses = new Map<string, number>();
    for (const screen of SIGNED_IN_SCREENS)
      for (const module of staticModules(screen, ctx)) uses.set(module, (uses.get(module) ?? 0) + 1);
    const shared = new Set(
      [...uses]
        .filter(([module, count]) => count >= 2 && !visitor.has(module) && !entry.has(module))
        .filter(([module]) => !FORM_LIBRARIES.test(module) && !ALWAYS_LOADED(module))
        .map(([module]) => module),
    );
    // Out goes every module that imports one left out, until none does: the shared chunk then
    // imports only what every screen loads before it.
    const loadedAnyway = (module: string) => shared.has(module) || entry.has(module) || ALWAYS_LOADED(module);
    for (let changed = true; changed;) {
      changed = false;
      for (const module of shared) {
        if (importsOf(module, ctx).every(loadedAnyway)) continue;
        shared.delete(module);
        changed = true;
      }
    }
    sharedScreenModules = shared;
  }
  return sharedScreenModules.has(id);
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
 *   (route-pages.ts) and its stylesheet, and, but on a visitor's routes, those of the signed-in
 *   bar (a lazy chunk), so a phone downloads them together with the app's own instead of one
 *   round trip after the app has started;
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
      const chunkOf = (id: string) => {
        const chunk = [...chunks.values()].find((output) => output.facadeModuleId === id);
        if (!chunk) throw new Error(`route shells: no chunk for ${path.relative(webRoot, id)}`);
        return chunk;
      };
      const signedInBar = staticClosure(chunkOf(SIGNED_IN_BAR), chunks);
      const routes = Object.entries(ROUTE_PAGES).map(([key, page]) => {
        const screen = chunkOf(path.join(webRoot, 'src/features', `${page}.tsx`));
        // The screen's own chunks first: the browser takes low-priority preloads a few at a time,
        // in the page's order, and the screen is what the page waits for.
        const needed = new Set([
          ...staticClosure(screen, chunks),
          ...(VISITOR_ROUTES.has(key) ? [] : signedInBar),
        ]);
        const files = [...needed].filter((file) => !loadedByEntry.has(file));
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
  plugins: [
    react(),
    purgeBootstrap(),
    routeShells(),
    // A new graph, a new reckoning of the modules the screens share (`sharedBySignedInScreens`).
    { name: 'magazzino:shared-screens', buildStart: () => void (sharedScreenModules = undefined) },
  ],
  resolve: {
    alias: [
      { find: '@magazzino/contract', replacement: contractSource },
      // Bare 'zod' only: the wrapper itself imports 'zod/v4'. Why: src/lib/zod-jitless.ts.
      { find: /^zod$/, replacement: zodJitless },
    ],
  },
  // Source maps stay beside the build for the operator (never referenced by the scripts, never
  // served: plugins/web.ts refuses *.map), so no visitor can read the sources through them.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every module the entry needs in one file, instead of rolldown's dozen small common
            // chunks beside it (React, its JSX runtime, classnames...): fewer requests, each with
            // its headers (bench/README.md, "Bytes").
            { name: 'app', tags: ['$initial'] },
            // The Italian texts the signed-in screens share, but the sign-in screen's (auth.ts).
            {
              name: 'i18n',
              test: /[\\/]src[\\/]i18n[\\/](?!auth\.ts)/,
              includeDependenciesRecursively: false,
            },
            // What every form is made of (the form kit, react-bootstrap's form, card and grid
            // pieces): 3–4 KB in one file instead of 14 small ones; every page with a form, the
            // sign-in first, loads them all.
            { name: 'form-kit', test: FORM_KIT, includeDependenciesRecursively: false },
            // The card and form every account screen (sign-in, sign-up, passwords) is made of.
            {
              name: 'account-form',
              test: /[\\/]src[\\/](features[\\/]auth[\\/](components[\\/](AuthForm|AuthCard|SwitchScreenLine|auth-fields)|api[\\/]login)|lib[\\/]lazy-schema-resolver|two-factor-challenge)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // The signed-in bar's menus and what they stand on (react-bootstrap's navbar, dropdown,
            // collapse and modal, Popper, transitions): 22 KB in one file instead of about 30,
            // which every page behind sign-in loads and the sign-in screen does not.
            {
              name: (id, ctx) =>
                SIGNED_IN_UI.test(id) || sharedBySignedInScreens(id, ctx) ? 'signed-in' : null,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    // A guard against a test that hangs, not a speed check: beside the browser files on 2 slow
    // cores, tests that take about 2 s alone took 4.9–5.1 s, past Vitest's default of 5.
    testTimeout: 20_000,
    // The files of a worker share their modules (React, the route table, the screens) instead of
    // each importing them again: 114 s → 36–41 s for this project alone (2026-11-30, four runs). Each file still
    // gets a fresh jsdom, and setup.ts clears storage, cookies, stubs and spies after each test; a
    // file must not replace a module (vi.mock): the replacement would be what the next files of
    // its worker import.
    isolate: false,
  },
});
