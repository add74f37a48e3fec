import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';

describe('health routes', () => {
  let healthy: TestServer;
  let unhealthy: TestServer;
  beforeAll(async () => {
    healthy = await startTestServer();
    unhealthy = await startTestServer({
      overrides: {
        readinessChecks: [
          { name: 'memory', check: async () => {} },
          { name: 'database', check: () => Promise.reject(new Error('down')) },
        ],
      },
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
    expect(answer.json).toEqual({ status: 'ready', checks: { memory: 'up' } });
  });

  it('answers 503 UNAVAILABLE naming the store that does not answer', async () => {
    const answer = await unhealthy.request('GET', '/health/ready', { token: null });
    expectProblem(answer, 503, 'UNAVAILABLE');
    expect(answer.json.checks).toEqual({ memory: 'up', database: 'down' });
    expect(answer.headers.get('retry-after')).toBe('5');
  });
});
