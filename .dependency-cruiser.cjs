// The project's boundaries, checked by `npm run lint` (docs/project-structure.md explains them).
// Paths are relative to the repository root.

const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
const TESTS = '(\\.test\\.tsx?|\\.measure\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other in a cycle cannot be understood or tested apart.',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      comment: 'The contract is shared by server and web: it imports neither, only zod.',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-and-web-apart',
      severity: 'error',
      comment: 'Server and web share code only through packages/contract.',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },

    // Server
    {
      name: 'module-uses-other-modules-services',
      severity: 'error',
      comment:
        'A server module reaches another module through its service (decorated on the app), never its repository or tables.',
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: { path: `${SERVER}modules/[^/]+/.+\\.(repository|tables)\\.ts$`, pathNot: `${SERVER}modules/$1/` },
    },
    {
      name: 'cli-uses-services',
      severity: 'error',
      comment: 'Commands go through the modules’ services, like the routes do.',
      from: { path: `${SERVER}cli/` },
      to: { path: '\\.(repository|tables)\\.ts$' },
    },
    {
      name: 'plugins-are-infrastructure',
      severity: 'error',
      comment:
        'plugins/ holds cross-cutting infrastructure; business code lives in modules/ and is wired by its own plugin.',
      from: { path: `${SERVER}plugins/`, pathNot: TESTS },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'drivers-only-in-db',
      severity: 'error',
      comment: 'Only db/ knows SQLite from PostgreSQL: the drivers are imported there and nowhere else.',
      from: { path: SERVER, pathNot: [`${SERVER}db/`, TESTS] },
      to: { path: 'node_modules/(better-sqlite3|better-sqlite3-napi|pg|pg-cursor)/' },
    },
    {
      name: 'kysely-only-in-repositories',
      severity: 'error',
      comment: 'Queries live in *.repository.ts (and db/); services and routes call repositories.',
      from: {
        path: SERVER,
        pathNot: [`${SERVER}db/`, '\\.(repository|tables)\\.ts$', TESTS, `${SERVER}plugins/database\\.ts$`],
      },
      to: { path: 'node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },

    // Web
    {
      name: 'feature-stays-in-its-folder',
      severity: 'error',
      comment: 'A web feature never imports another feature: shared pieces go to components/, lib/ or i18n/.',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'only-the-entry-imports-app',
      severity: 'error',
      comment:
        'app/ is the composition of the web app (router, providers, layout): only main.tsx and the test harness import it.',
      from: { path: WEB, pathNot: [`${WEB}app/`, `${WEB}main\\.tsx$`, `${WEB}testing/`] },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'shared-code-knows-no-feature',
      severity: 'error',
      comment: 'components/, lib/ and i18n/ serve every feature, so they import none.',
      from: { path: `${WEB}(components|lib|i18n)/` },
      to: { path: `${WEB}features/` },
    },
    {
      name: 'tests-helpers-stay-in-tests',
      severity: 'error',
      comment: 'Test helpers (web testing/, server test/) are for tests: production code never imports them.',
      from: { path: '^apps/(server|web)/src/', pathNot: [TESTS, `${WEB}testing/`] },
      to: { path: ['^apps/web/src/testing/', '^apps/server/test/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
