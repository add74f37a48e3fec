import { defineConfig } from 'vitest/config';

/**
 * Two projects, both run by `npm test`: fast unit tests (`*.spec.ts`: domain, use cases, store
 * contracts on the in-memory adapters) and integration tests (`*.int.spec.ts`: a real listening
 * server, child processes, the built package).
 */
export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.spec.ts'],
          exclude: ['test/**/*.int.spec.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.int.spec.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
