import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import '../support/provided.js';
import { describe } from '../support/suite.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { ReadinessChecksToken } from '../../src/domain/health/readiness-check.js';
import { override } from '../../src/composition/overrides.js';

describe('health routes', () => {
  let healthy: TestServer;
  let unhealthy: TestServer;
  beforeAll(async () => {
    healthy = await startTestServer();
    unhealthy = await startTestServer({
      overrides: [
        override(ReadinessChecksToken, [
          { name: 'memory', required: true, check: async () => {} },
          { name: 'database', required: true, check: () => Promise.reject(new Error('down')) },
          { name: 'cache', required: false, check: () => Promise.reject(new Error('down')) },
        ]),
      ],
    });
  });
  afterAll(async () => {
    await healthy.close();
    await unhealthy.close();
  });

  it('answers 200 to /health/live while the process runs', async () => {
    const answer = await healthy.request('GET', '/health/live', { token: null });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: 'ok' });
    expect((await unhealthy.request('GET', '/health/live', { token: null })).status).toBe(200);
  });

  it('answers 200 to /health/ready when every store answers', async () => {
    const answer = await healthy.request('GET', '/health/ready', { token: null });
    expect(answer.status).toBe(200);
    const stores = inject('stores') === 'mongodb' ? { mongodb: 'up' } : { memory: 'up' };
    expect(answer.json).toEqual({ status: 'ready', checks: inject('cache') === 'redis' ? { ...stores, redis: 'up' } : stores });
  });

  it('answers 200 while only a store that is not required (a cache) is down, reporting it', async () => {
    const degraded = await startTestServer({
      overrides: [
        override(ReadinessChecksToken, [
          { name: 'mongodb', required: true, check: async () => {} },
          { name: 'redis', required: false, check: () => Promise.reject(new Error('down')) },
        ]),
      ],
    });
    try {
      const answer = await degraded.request('GET', '/health/ready', { token: null });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ status: 'ready', checks: { mongodb: 'up', redis: 'down' } });
    } finally {
      await degraded.close();
    }
  });

  it('answers 503 UNAVAILABLE naming the store that does not answer', async () => {
    const answer = await unhealthy.request('GET', '/health/ready', { token: null });
    expectProblem(answer, 503, 'UNAVAILABLE');
    expect(answer.json.checks).toEqual({ memory: 'up', database: 'down', cache: 'down' });
    expect(answer.headers.get('retry-after')).toBe('2');
  });
});
