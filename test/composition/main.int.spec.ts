import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisUnavailableReason, startRedisServer } from '../support/redis-server.js';
import { runVitrine, startVitrine, type VitrineProcess } from '../support/vitrine-process.js';

describe('main: the service as `npm start` runs it', () => {
  describe('on the embedded default', () => {
    let vitrine: VitrineProcess;
    beforeAll(async () => {
      vitrine = await startVitrine();
    });
    afterAll(async () => {
      await vitrine.stop('SIGKILL');
    });

    const get = (path: string, token = vitrine.printedToken ?? '') =>
      fetch(`${vitrine.baseUrl}${path}`, { headers: { 'X-Service-APP-Token': token } });

    it('prints a generated admin token once, outside the JSON log lines', () => {
      const { stdout } = vitrine.output();
      expect(vitrine.printedToken).toMatch(/^vtr_/);
      expect(stdout.split(vitrine.printedToken ?? '').length).toBe(2);
      for (const line of stdout.split('\n').filter((l) => l.startsWith('{'))) expect(line).not.toContain('vtr_');
      expect(stdout).toContain('to keep this one, start with BOOTSTRAP_ADMIN_TOKEN set to it.');
    });

    it('keeps that token across a restart when it is given back as BOOTSTRAP_ADMIN_TOKEN, and writes it nowhere', async () => {
      const secret = vitrine.printedToken ?? '';
      const restarted = await startVitrine({ BOOTSTRAP_ADMIN_TOKEN: secret, DEMO_DATA: 'false' });
      try {
        const answer = await fetch(`${restarted.baseUrl}/api/v1/admin/protected/tokens/self`, {
          headers: { 'X-Service-APP-Token': secret },
        });
        expect(answer.status).toBe(200);
        expect(await answer.json()).toMatchObject({ name: 'bootstrap-admin', scopes: expect.arrayContaining(['tokens:manage']) });
        expect((await fetch(`${restarted.baseUrl}/health/live`)).status).toBe(200);
      } finally {
        await restarted.stop();
      }
      const { stdout, stderr } = restarted.output();
      expect(restarted.printedToken).toBeUndefined();
      expect(stdout).toContain('"msg":"stopped"');
      expect(`${stdout}${stderr}`).not.toContain(secret);
      expect(`${stdout}${stderr}`).not.toContain(secret.slice(4, 20));
    });

    it('serves the demo data with that token', async () => {
      const slice = await get('/api/v1/merchandising-collections/protected/1');
      expect(slice.status).toBe(200);
      expect(((await slice.json()) as { sliceName: string }).sliceName).toBe('Verão — destaque do fim de semana');
      const profile = await get('/api/v1/crm/protected/profile/email/ana.souza@exemplo.com.br');
      expect(((await profile.json()) as { userProfileId: string }).userProfileId).toBe('up_ana_souza');
      expect((await get('/api/v1/merchandising-collections/protected/2')).status).toBe(404);
      expect((await get('/api/v1/merchandising-collections/protected/1', 'vtr_wrong')).status).toBe(401);
    });

    it('logs one JSON line that it listens, then stops cleanly on SIGTERM', async () => {
      expect(vitrine.output().stdout).toMatch(/"msg":"Vitrine is listening on http:\/\/127\.0\.0\.1:\d+"/);
      const ended = await vitrine.stop('SIGTERM');
      expect(ended).toEqual({ code: 0, signal: null });
      expect(vitrine.output().stdout).toContain('"msg":"stopped"');
      expect(vitrine.output().stderr).toBe('');
    });
  });

  it('uses BOOTSTRAP_ADMIN_TOKEN instead of printing one, and loads no demo data when told not to', async () => {
    const secret = 'bootstrap-secret-for-tests-0123456789abcdef';
    const vitrine = await startVitrine({ BOOTSTRAP_ADMIN_TOKEN: secret, DEMO_DATA: 'false' });
    try {
      expect(vitrine.printedToken).toBeUndefined();
      const answer = await fetch(`${vitrine.baseUrl}/api/v1/merchandising-collections/protected`, {
        headers: { 'X-Service-APP-Token': secret },
      });
      expect(await answer.json()).toEqual({ collections: [], nextCursor: null });
    } finally {
      await vitrine.stop();
    }
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DEFAULT_COUNTRY: 'Brasil' }, 'DEFAULT_COUNTRY'],
    [{ LOG_LEVEL: 'chatty' }, 'LOG_LEVEL'],
    [{ WORKERS: '2' }, 'WORKERS'],
  ])('refuses to start with %j, naming %s', async (env, variable) => {
    const { exited, output } = runVitrine(env);
    const { code } = await exited;
    expect(code).toBe(1);
    expect(output().stderr).toMatch(new RegExp(`^vitrine: configuration error: ${variable} `, 'm'));
    expect(output().stdout).toBe('');
  });

  it('refuses several workers on the in-memory stores, saying why and what to do', async () => {
    const { exited, output } = runVitrine({ WORKERS: '4' });
    expect((await exited).code).toBe(1);
    expect(output().stderr).toBe(
      'vitrine: configuration error: WORKERS must be 1 with the in-memory stores, where each worker would hold data of its own (got "4"); set MONGODB_URI to share the stores between workers\n',
    );
  });

  it('refuses to start when its port is taken, saying why, and shows no admin token nobody could use', async () => {
    const first = await startVitrine({ DEMO_DATA: 'false' });
    try {
      const port = new URL(first.baseUrl).port;
      const { exited, output } = runVitrine({ PORT: port, DEMO_DATA: 'false' });
      expect((await exited).code).toBe(1);
      expect(output().stderr).toMatch(/^vitrine: cannot listen on 127\.0\.0\.1 port \d+ \(HOST, PORT\): .*EADDRINUSE/m);
      // No store held a token, but the start could not serve: it created none and shows none.
      expect(`${output().stdout}${output().stderr}`).not.toContain('shown this once');
    } finally {
      await first.stop();
    }
  });

  it('finishes a request in flight after SIGTERM before it exits', async () => {
    const secret = 'bootstrap-secret-for-tests-0123456789abcdef';
    const vitrine = await startVitrine({ BOOTSTRAP_ADMIN_TOKEN: secret, DEMO_DATA: 'false' });
    const { port } = new URL(vitrine.baseUrl);
    const body = JSON.stringify({ name: 'Produto em trânsito' });
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    const gotContinue = new Promise<void>((done) => socket.on('data', () => received.includes('100 Continue') && done()));
    socket.write(
      `PUT /api/v1/products/protected/catalog/P-1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Service-APP-Token: ${secret}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await gotContinue; // the server holds the request now
    vitrine.child.kill('SIGTERM');
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.end(body);
    await closed;
    expect(received).toMatch(/HTTP\/1\.1 201 Created/);
    expect(await vitrine.exited()).toEqual({ code: 0, signal: null });
    expect(vitrine.output().stdout).toContain('"msg":"stopped"');
  });

  it('refuses to start when MONGODB_URI does not answer, saying so', async () => {
    const { exited, output } = runVitrine({
      MONGODB_URI: 'mongodb://127.0.0.1:9/?directConnection=true',
      MONGODB_TIMEOUT_MS: '500',
    });
    expect((await exited).code).toBe(1);
    expect(output().stderr).toMatch(/^vitrine: cannot start: mongodb: .*\(MONGODB_URI\)$/m);
  });

  it('starts and serves when REDIS_URL does not answer: the cache fails open', async () => {
    const vitrine = await startVitrine({
      REDIS_URL: 'redis://127.0.0.1:9',
      DEMO_DATA: 'false',
      BOOTSTRAP_ADMIN_TOKEN: 'bootstrap-secret-for-tests-0123456789abcdef',
    });
    try {
      const answer = await fetch(`${vitrine.baseUrl}/api/v1/merchandising-collections/protected`, {
        headers: { 'X-Service-APP-Token': 'bootstrap-secret-for-tests-0123456789abcdef' },
      });
      expect(answer.status).toBe(200);
      const ready = await fetch(`${vitrine.baseUrl}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { memory: 'up', redis: 'down' } });
    } finally {
      await vitrine.stop();
    }
  });

  it.skipIf(redisUnavailableReason() !== undefined)('serves with its cache on Redis and closes it on SIGTERM', async () => {
    const redis = await startRedisServer();
    try {
      const vitrine = await startVitrine({ REDIS_URL: redis.url });
      const get = () =>
        fetch(`${vitrine.baseUrl}/api/v1/merchandising-collections/protected/1`, {
          headers: { 'X-Service-APP-Token': vitrine.printedToken ?? '' },
        });
      expect((await get()).status).toBe(200);
      expect((await get()).status).toBe(200);
      expect((await fetch(`${vitrine.baseUrl}/health/ready`)).status).toBe(200);
      expect(await vitrine.stop()).toEqual({ code: 0, signal: null });
    } finally {
      await redis.stop();
    }
  });
});
