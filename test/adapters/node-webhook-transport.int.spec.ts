import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeWebhookTransport, publicOnlyLookup } from '../../src/adapters/webhooks/node-webhook-transport.js';

describe('posting webhooks with node:http', () => {
  let server: Server;
  let base = '';
  const seen: { url: string; headers: Record<string, unknown>; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        seen.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() });
        if (request.url === '/slow') return; // never answers
        if (request.url === '/moved') {
          response.writeHead(302, { Location: '/ok' }).end();
          return;
        }
        if (request.url === '/big') {
          response.writeHead(200);
          response.end(Buffer.alloc(1024 * 1024));
          return;
        }
        response.writeHead(request.url === '/gone' ? 410 : 204).end();
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  });

  const allowed = new NodeWebhookTransport({ allowPrivateAddresses: true, timeoutMs: 300 });

  it("answers the receiver's status, having sent the headers and the body as given", async () => {
    expect(await allowed.post(`${base}/ok`, { 'webhook-id': 'msg_1', 'content-type': 'application/json' }, '{"a":1}')).toEqual({
      status: 204,
    });
    expect(seen.at(-1)).toMatchObject({
      url: '/ok',
      body: '{"a":1}',
      headers: {
        'webhook-id': 'msg_1',
        'content-type': 'application/json',
        'content-length': '7',
        'user-agent': 'Vitrine-Webhooks/1',
      },
    });
    expect(await allowed.post(`${base}/gone`, {}, '{}')).toEqual({ status: 410 });
    expect(await allowed.post(`${base}/big`, {}, '{}')).toEqual({ status: 200 });
  });

  it('follows no redirect: a 302 is the answer', async () => {
    const before = seen.length;
    expect(await allowed.post(`${base}/moved`, {}, '{}')).toEqual({ status: 302 });
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/moved']);
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const started = performance.now();
    await expect(allowed.post(`${base}/slow`, {}, '{}')).rejects.toThrow('no answer within 300 ms');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses loopback and private addresses unless allowed, and names resolving to them', async () => {
    const guarded = new NodeWebhookTransport({ allowPrivateAddresses: false, timeoutMs: 300 });
    const before = seen.length;
    await expect(guarded.post(`${base}/ok`, {}, '{}')).rejects.toThrow('refused: 127.0.0.1 is a loopback or private address');
    expect(seen.length).toBe(before);
    const refusal = await new Promise<NodeJS.ErrnoException | null>((done) =>
      publicOnlyLookup('localhost', {}, (error) => done(error)),
    );
    expect(refusal?.message).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), a loopback or private address$/);
  });
});
