import { connect, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

/** A raw connection to the server, with everything it received and whether the server closed it. */
async function open(server: TestServer): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(server.baseUrl);
  const socket = connect(Number(port), hostname);
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((done) => socket.once('close', () => done()));
  await new Promise<void>((done) => socket.once('connect', () => done()));
  return { socket, received: () => text, closed };
}

describe('the server protects itself', () => {
  const started: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.close()));
  });
  const start = async (env: Record<string, string>) => {
    const server = await startTestServer({ env });
    started.push(server);
    return server;
  };

  it('closes a connection over MAX_CONNECTIONS as soon as it is accepted, and serves the others', async () => {
    const server = await start({ MAX_CONNECTIONS: '2' });
    const first = await open(server);
    const second = await open(server);
    const third = await open(server);
    await third.closed;
    expect(third.received()).toBe('');
    first.socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await first.closed;
    expect(first.received()).toMatch(/^HTTP\/1\.1 200 /);
    second.socket.destroy();
  });

  it('answers 408 and closes a connection whose headers do not arrive within HEADERS_TIMEOUT_MS', async () => {
    const server = await start({ HEADERS_TIMEOUT_MS: '200', REQUEST_TIMEOUT_MS: '1000' });
    const slow = await open(server);
    slow.socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\n');
    // The server's own timer ends it: nothing more is sent.
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a connection whose body does not arrive within REQUEST_TIMEOUT_MS', async () => {
    const server = await start({ HEADERS_TIMEOUT_MS: '200', REQUEST_TIMEOUT_MS: '400' });
    const token = await server.tokenWith(['products:read']);
    const slow = await open(server);
    slow.socket.write(
      `POST /api/v1/products/protected/similar HTTP/1.1\r\nHost: x\r\nX-Service-APP-Token: ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"sessionId":',
    );
    await slow.closed;
    expect(slow.received()).toMatch(/HTTP\/1\.1 408 /);
  });
});
