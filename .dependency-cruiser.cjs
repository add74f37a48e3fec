/**
 * The layer rule, checked by `npm test` (test/architecture) and `npm run check:layers`:
 * imports point inwards only. The domain is pure; the application knows ports, not adapters;
 * the embedding entry point reaches no framework, driver or container.
 */
const FRAMEWORKS =
  '(^|/)node_modules/(koa|koa-[^/]+|@koa/[^/]+|mongodb|ioredis|inversify|@inversifyjs/[^/]+|reflect-metadata|pino|valibot)/';

/** Every kind of package a module can import: the npm registry's and Node's own. */
const ANY_PACKAGE = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'core'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain holds entities, rules and ports: no application, adapter or composition code.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/(application|adapters|composition|main)' },
    },
    {
      name: 'domain-uses-no-framework',
      comment: 'The domain may use pure computation libraries only (libphonenumber-js), and no Node I/O module.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: {
        dependencyTypes: ANY_PACKAGE,
        pathNot: '^node_modules/libphonenumber-js/',
      },
    },
    {
      name: 'application-knows-no-adapter',
      comment: 'Use cases depend on ports only.',
      severity: 'error',
      from: { path: '^src/application/' },
      to: { path: '^src/(adapters|composition|main)' },
    },
    {
      name: 'application-uses-no-framework',
      severity: 'error',
      from: { path: '^src/application/' },
      to: { dependencyTypes: ANY_PACKAGE },
    },
    {
      name: 'adapters-know-no-composition',
      comment: 'Adapters are picked by the composition root, never the other way round.',
      severity: 'error',
      from: { path: '^src/adapters/' },
      to: { path: '^src/(composition|main)' },
    },
    {
      name: 'web-app-speaks-http-only',
      comment:
        'The builder (src/adapters/web) is a driving adapter in the browser: it reaches the service over HTTP only, never its domain, use cases or other adapters.',
      severity: 'error',
      from: { path: '^src/adapters/web/' },
      to: { path: '^src/(domain|application|composition|main|cli|index)|^src/adapters/(?!web/)' },
    },
    {
      name: 'storefront-script-stands-alone',
      comment:
        "The storefront script (src/adapters/storefront) runs in shops' pages: one file with no dependency, importing nothing of the service.",
      severity: 'error',
      from: { path: '^src/adapters/storefront/', pathNot: 'vite\\.config\\.ts$' },
      to: { path: '^(?!src/adapters/storefront/)' },
    },
    {
      name: 'embedding-loads-no-framework',
      comment: "import { ... } from 'vitrine' must not load Koa, MongoDB, Redis or the DI container.",
      severity: 'error',
      from: { path: '^src/index\\.ts$' },
      to: { path: FRAMEWORKS, reachable: true },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
