import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const HTTP_SUITES = ['test/http/**/*.int.spec.ts'];
const slow = { testTimeout: 30_000, hookTimeout: 60_000 };

/**
 * One command (`npm test`) runs every project:
 * - unit: `*.spec.ts`, fast: domain rules at exact instants, use cases, store contracts in memory;
 * - web: `test/web/` `.spec.tsx` files, the builder's components and logic in a DOM (happy-dom, Testing Library);
 * - integration: `*.int.spec.ts`, a real listening server on the embedded default, the service as
 *   a process, the README's examples, Redis faults against real redis-server processes;
 * - http-on-redis: the HTTP suites again, with every hot read going through a real Redis;
 * - mongodb: the HTTP suites and the store contracts on MongoDB with Redis, where a mongod can
 *   be had (MONGODB_URI or mongodb-memory-server); elsewhere they report skipped, with the reason.
 */
export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      { test: { name: 'unit', include: ['test/**/*.spec.ts'], exclude: ['test/**/*.int.spec.ts'] } },
      {
        plugins: [react()],
        test: { name: 'web', include: ['test/web/**/*.spec.tsx'], environment: 'happy-dom', setupFiles: ['test/web/support/setup.ts'] },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.int.spec.ts'],
          exclude: ['test/mongodb/**'],
          ...slow,
        },
      },
      {
        test: {
          name: 'http-on-redis',
          include: HTTP_SUITES,
          globalSetup: ['test/support/global-setup-redis.ts'],
          provide: { cache: 'redis' },
          ...slow,
        },
      },
      {
        test: {
          name: 'mongodb',
          include: [...HTTP_SUITES, 'test/mongodb/**/*.int.spec.ts'],
          globalSetup: ['test/support/global-setup-mongodb.ts'],
          provide: { stores: 'mongodb', cache: 'redis' },
          ...slow,
        },
      },
    ],
  },
});
