import type { ReadinessCheck } from '../../domain/health/readiness-check.js';

/** The in-memory stores live in this process: they answer whenever the process does. */
export const inMemoryReadiness: ReadinessCheck = { name: 'memory', required: true, check: async () => {} };
