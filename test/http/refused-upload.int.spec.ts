import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

const BASE = '/api/v1/merchandising-collections/protected';

/**
 * Sends a request whose body is `size` bytes, the way a client does that writes all of it
 * whatever the server says meanwhile, and answers what came back, and whether the connection was
 * reset under it.
 */
async function sendWhole(server: TestServer, head: string, size: number): Promise<{ received: string; reset: boolean }> {
  const { hostname, port } = new URL(server.baseUrl);
  const socket = connect(Number(port), hostname);
  let received = '';
  let reset = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const closed = new Promise<void>((done) => {
    socket.on('error', () => {
      reset = true;
      done();
    });
    socket.on('close', () => done());
  });
  await new Promise<void>((done) => socket.once('connect', () => done()));
  socket.write(`${head}Content-Length: ${size}\r\nConnection: close\r\n\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 'A');
  for (let sent = 0; sent < size && !socket.destroyed; sent += chunk.length) {
    if (!socket.write(chunk.subarray(0, Math.min(chunk.length, size - sent)))) {
      await new Promise<void>((done) => {
        socket.once('drain', () => done());
        socket.once('close', () => done());
      });
    }
  }
  await closed;
  return { received, reset };
}

describe('a refused upload', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = await server.tokenWith(['collections:write', 'products:read']);
  });
  afterAll(() => server.close());

  it('is answered 413 before the connection closes, while the client is still sending', async () => {
    const head =
      `POST ${BASE}/1/slices/spreadsheet?name=x&startsAt=2026-11-27T00:00:00Z HTTP/1.1\r\nHost: x\r\n` +
      `X-Service-APP-Token: ${token}\r\nContent-Type: text/csv\r\n`;
    const { received, reset } = await sendWhole(server, head, 12 * 1024 * 1024);
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toContain('The spreadsheet must not exceed 5 MB.');
    expect(reset).toBe(false);
  });

  it('is answered 413 when its JSON body is over the limit, while the client is still sending', async () => {
    const head = `POST /api/v1/products/protected/similar HTTP/1.1\r\nHost: x\r\nX-Service-APP-Token: ${token}\r\nContent-Type: application/json\r\n`;
    const { received, reset } = await sendWhole(server, head, 4 * 1024 * 1024);
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(reset).toBe(false);
  });
});
