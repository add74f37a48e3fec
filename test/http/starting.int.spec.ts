import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startingHandler, switchableHandler } from '../../src/adapters/http/request-handler.js';

describe('a process that has its port but not yet its instance', () => {
  let server: Server;
  let base: string;
  const handler = switchableHandler(startingHandler());

  beforeAll(async () => {
    server = createServer(handler.listener);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('is alive, not ready, and answers every other request 503 with Retry-After, never 401, its body read', async () => {
    const live = await fetch(`${base}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    for (const [method, path, body] of [
      ['GET', '/health/ready', undefined],
      ['GET', '/api/v1/admin/protected/tokens/self', undefined],
      [
        'POST',
        '/api/v1/events/protected/batch',
        JSON.stringify({ events: Array.from({ length: 500 }, () => ({ x: 'y'.repeat(100) })) }),
      ],
    ] as const) {
      const answer = await fetch(`${base}${path}`, { method, body, headers: { 'X-Service-APP-Token': 'vtr_anything' } });
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      expect(await answer.json()).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    }
  });

  it('hands every later request to what it switches to', async () => {
    handler.switchTo((_req, res) => res.writeHead(204).end());
    expect((await fetch(`${base}/health/ready`)).status).toBe(204);
  });
});
