import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bodyReadWhole, drained, readJsonBody } from '../../src/adapters/http/pipeline/request-body.js';
import { ValidationError } from '../../src/domain/shared/errors.js';

/** A request as node:http hands it over: headers, and its body as a stream. */
function aRequest(body: string): IncomingMessage {
  const req = new Readable({ read() {} }) as unknown as IncomingMessage;
  req.headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  return req;
}

describe("the fast lane's body reader", () => {
  it('reads a JSON body of the declared length', async () => {
    const req = aRequest('{"data":{"id":"A"}}');
    const read = readJsonBody(req, 1024);
    (req as unknown as Readable).push('{"data":');
    (req as unknown as Readable).push('{"id":"A"}}');
    (req as unknown as Readable).push(null);
    await expect(read).resolves.toEqual({ data: { id: 'A' } });
  });

  it('refuses the body of a request whose client left before the body was looked at (while it was admitted)', async () => {
    const settled = new Promise<unknown>((done) => {
      const server = createServer((req) => {
        // The client leaves while the request waits (for its admission): its 'aborted' and 'close' are told then.
        req.socket.once('close', () =>
          setTimeout(() => {
            readJsonBody(req, 1024).then(done, done);
            server.close();
          }, 20),
        );
      });
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        const client = connect(port, '127.0.0.1', () => {
          client.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"data":');
          setTimeout(() => client.destroy(), 20);
        });
      });
    });
    const outcome = await Promise.race([settled, new Promise((done) => setTimeout(() => done('never settled'), 2000))]);
    expect(outcome).toBeInstanceOf(ValidationError);
    expect(outcome).toMatchObject({ issues: [{ path: 'body', message: 'could not be read completely' }] });
  });

  it('takes a body that came whole already from the request\'s buffer, in one read, without listening for it', async () => {
    const req = aRequest('{"data":{"id":"A"}}');
    (req as unknown as Readable).push('{"data":');
    (req as unknown as Readable).push('{"id":"A"}}');
    (req as unknown as Readable).push(null);
    (req as { complete: boolean }).complete = true;
    const read = readJsonBody(req, 1024);
    expect(req.listenerCount('data') + req.listenerCount('end')).toBe(0);
    await expect(read).resolves.toEqual({ data: { id: 'A' } });
  });

  it('refuses a body that came whole but is not a JSON object or array, or names __proto__', async () => {
    for (const body of ['{"data":', '"text"', '{"__proto__":{"x":1}}']) {
      const req = aRequest(body);
      (req as unknown as Readable).push(body);
      (req as unknown as Readable).push(null);
      (req as { complete: boolean }).complete = true;
      await expect(readJsonBody(req, 1024)).rejects.toBeInstanceOf(ValidationError);
    }
  });

  it('takes the body that came with the headers whole, once this turn\'s promises run, and reads it whole', async () => {
    const listened: unknown[] = [];
    const read = new Promise<unknown>((done, fail) => {
      const server = createServer((req, res) => {
        void (async () => {
          await Promise.resolve();
          const body = readJsonBody(req, 1024);
          listened.push(req.listenerCount('data'), bodyReadWhole(req));
          done(await body);
          res.end();
          server.close();
        })().catch(fail);
      });
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        const client = connect(port, '127.0.0.1', () => {
          client.end('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 19\r\n\r\n{"data":{"id":"A"}}');
        });
      });
    });
    await expect(read).resolves.toEqual({ data: { id: 'A' } });
    expect(listened).toEqual([0, true]);
  });

  it('refuses a body cut short of its declared length, and one read twice', async () => {
    const req = aRequest('{"data":{"id":"A"}}');
    const read = readJsonBody(req, 1024);
    await expect(readJsonBody(req, 1024)).rejects.toThrow('being read already');
    (req as unknown as Readable).push('{"data":');
    (req as unknown as Readable).push(null);
    await expect(read).rejects.toMatchObject({ issues: [{ path: 'body', message: 'could not be read completely' }] });
  });

  it('drains nothing of a request without a body, before node:http has parsed its end: a GET answered at once', async () => {
    const seen = new Promise<unknown[]>((done, fail) => {
      const server = createServer((req, res) => {
        // Still inside the request event: node:http tells the end of a bodiless request a moment later.
        const before = req.complete;
        const draining = drained(req);
        done([before, bodyReadWhole(req), req.listenerCount('data') + req.listenerCount('end'), req.readableFlowing]);
        void draining.then(() => {
          res.end('ok');
          server.close();
        }, fail);
      });
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        const client = connect(port, '127.0.0.1', () => client.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
        client.resume();
      });
    });
    expect(await seen).toEqual([false, true, 0, null]);
  });

  it('still drains a request that declares a body nobody read', () => {
    const req = aRequest('{"data":{"id":"A"}}');
    expect(bodyReadWhole(req)).toBe(false);
    void drained(req);
    expect(req.listenerCount('data')).toBe(1);
    (req as unknown as Readable).push(null);
  });
});

