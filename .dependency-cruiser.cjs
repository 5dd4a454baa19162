// The layers of ARCHITECTURE.md and issue 20, checked on every `npm test` (its types step):
// web → domain ← server. The tree breaks none of them: any violation fails the step.
// Type-only imports count: they tie the layers together as much as any other.

const TESTS = '\\.(test|spec)\\.tsx?$|(^|/)test-support\\.ts$|^src/server/test/|^src/server/security/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-imports-no-server',
      severity: 'error',
      comment: "The browser's code never imports the server's: it would ship server code, or not build.",
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-imports-no-web',
      severity: 'error',
      comment: "The server imports no web code (it loads the built server renderer by path); tests may drive both.",
      from: { path: '^src/server/', pathNot: TESTS },
      to: { path: '^src/web/' },
    },
    {
      name: 'domain-imports-no-app',
      severity: 'error',
      comment: 'The domain is what web and server share: it depends on neither.',
      from: { path: '^src/domain/' },
      to: { path: '^src/(web|server)/' },
    },
    {
      name: 'domain-does-no-io',
      severity: 'error',
      comment: "The domain's rules are pure: no Node built-ins (files, network, processes, crypto).",
      from: { path: '^src/domain/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-uses-no-framework',
      severity: 'error',
      comment: 'The domain may use zod (its schemas are the contracts) and nothing else from npm.',
      from: { path: '^src/domain/', pathNot: TESTS },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: '^node_modules/zod/' },
    },
    {
      name: 'web-feature-through-its-index',
      severity: 'error',
      comment: "A web feature is used by others only through its index.ts: its other files are its own.",
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: ['^src/web/features/$1/', '^src/web/features/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'web-app-uses-features-through-their-index',
      severity: 'error',
      comment: "The app's shell (router, layout, entries) uses a feature only through its index.ts: each feature exports its routes there, and the router composes them (decision 045).",
      from: { path: '^src/web/', pathNot: ['^src/web/features/', TESTS] },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/[^/]+/index\\.tsx?$' },
    },
    {
      name: 'web-features-not-mutual',
      severity: 'error',
      comment: "Two features that import each other are one feature in two folders: what both need goes to components/ or lib/ (the query keys are lib/query-keys.ts), or one side takes it as a prop (decision 045).",
      scope: 'folder',
      from: { path: '^src/web/features/[^/]+$' },
      to: { path: '^src/web/features/[^/]+$', circular: true },
    },
    {
      name: 'shared-web-uses-no-feature',
      severity: 'error',
      comment: "Shared components and helpers serve every feature and know none: a feature's part is passed in (as the listing card's favourite button is).",
      from: { path: '^src/web/(components|lib)/' },
      to: { path: '^src/web/features/' },
    },
    {
      name: 'server-module-through-its-index',
      severity: 'error',
      comment: 'A server module is used by others only through its index.ts: its other files are its own.',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: TESTS },
      to: { path: '^src/server/modules/', pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'sql-only-in-queries',
      severity: 'error',
      comment: "A server module's SQL (drizzle, its tables, raw rows) lives in its queries file or folder; services, routes and jobs call named queries (decision 024). The payments code and its test gateway too, and mail/, http/ and jobs/ (decision 044).",
      from: { path: '^src/server/(modules/[^/]+|auth|payments|mail|http|jobs)/', pathNot: [TESTS, '^src/server/(modules/[^/]+|auth|payments|payments/[^/]+|mail|http|jobs)/queries(\\.ts$|/)'] },
      to: { path: ['^node_modules/drizzle-orm/', '^src/server/db/(schema(\\.ts$|/)|rows\\.ts$)'] },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules that import each other cannot be understood, tested or split apart alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a build waiting to break.',
      from: {},
      // A language's catalogue is a module the build writes (scripts/vite/catalogue-parts.ts, decision 064).
      to: { couldNotResolve: true, pathNot: '^virtual:pawstay-catalogue/(gu|hi)$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/web/public/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
