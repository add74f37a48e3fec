import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import '../support/provided.js';
import { describe } from '../support/suite.js';
import { startVitrine, type VitrineProcess } from '../support/vitrine-process.js';

const ADMIN = `vtr_workers_${randomUUID().replaceAll('-', '')}`;
const PROFILE = '/api/v1/crm/protected/profile/user-profile-id/up_ana';
const COLLECTIONS = '/api/v1/merchandising-collections/protected';

interface Answer {
  readonly status: number;
  readonly body: string;
}

/**
 * The service as `WORKERS=2 npm start` runs it, on MongoDB with Redis: both workers serve, each
 * keeps answers in its own memory, and a write through one is seen through the other at once.
 * Every request here opens a connection of its own, so the primary spreads them over the workers.
 */
describe('WORKERS: several processes serving one instance', () => {
  let vitrine: VitrineProcess;
  const database = `vitrine_workers_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    vitrine = await startVitrine(
      {
        WORKERS: '2',
        MONGODB_URI: inject('mongoUri'),
        MONGODB_DB: database,
        REDIS_URL: inject('redisUrl'),
        REDIS_KEY_PREFIX: `test:${database}:`,
        BOOTSTRAP_ADMIN_TOKEN: ADMIN,
        DEMO_DATA: 'false',
        CACHE_TTL: '3600',
      },
      60_000,
    );
  });
  afterAll(async () => {
    await vitrine?.stop();
    const client = new MongoClient(inject('mongoUri'));
    try {
      await client.db(database).dropDatabase();
    } finally {
      await client.close();
    }
  });

  function send(method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<Answer> {
    const url = new URL(path, vitrine.baseUrl);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((done, fail) => {
      const sent = request(
        url,
        {
          method,
          agent: false,
          headers: {
            'X-Service-APP-Token': options.token ?? ADMIN,
            ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          response.on('end', () => done({ status: response.statusCode ?? 0, body }));
        },
      );
      sent.on('error', fail);
      sent.end(payload);
    });
  }

  /** The same read, many times over new connections: what every worker answers. */
  async function everyWorker(path: string): Promise<Set<string>> {
    const answers = await Promise.all(Array.from({ length: 12 }, () => send('GET', path)));
    return new Set(answers.map((a) => `${a.status} ${a.body}`));
  }

  it('serves with two workers', async () => {
    expect(vitrine.output().stdout).toMatch(/"msg":"Vitrine is listening on http:\/\/127\.0\.0\.1:\d+ with 2 workers"/);
    // Each worker says it serves once it listens, in a process and an output of its own: waited for, not assumed written.
    await expect
      .poll(() => new Set(vitrine.output().stdout.match(/"msg":"worker \d+ serves/g)).size, { timeout: 10_000 })
      .toBe(2);
  });

  it('answers alike on every worker, and a write through one is seen through all at once', async () => {
    const write = (estilo_geral: string) => send('PUT', PROFILE, { body: { profile: { perfil_cliente: { estilo_geral } } } });
    expect((await write('clássico')).status).toBe(201);
    const before = await everyWorker(PROFILE);
    expect(before.size).toBe(1);
    expect([...before][0]).toContain('clássico');
    expect((await write('moderno')).status).toBe(200);
    const after = await everyWorker(PROFILE);
    expect(after.size).toBe(1);
    expect([...after][0]).toContain('moderno');

    const { id } = JSON.parse((await send('POST', COLLECTIONS, { body: { name: 'Verão' } })).body) as { id: number };
    const slice = JSON.parse(
      (
        await send('POST', `${COLLECTIONS}/${id}/slices`, {
          body: { name: 'S', type: 'MANUAL', startsAt: '2020-01-01T00:00:00Z', products: ['A'] },
        })
      ).body,
    ) as { id: number };
    expect([...(await everyWorker(`${COLLECTIONS}/${id}`))].map((a) => a.includes('"productId":"A"'))).toEqual([true]);
    await send('PATCH', `${COLLECTIONS}/${id}/slices/${slice.id}/products`, {
      body: { operations: [{ op: 'add', productId: 'B', position: 1 }] },
    });
    const shown = await everyWorker(`${COLLECTIONS}/${id}`);
    expect(shown.size).toBe(1);
    expect([...shown][0]).toMatch(/"productId":"B","position":1.*"productId":"A","position":2/);
  });

  it('answers similar products alike on every worker, and a catalog write through one changes them on all', async () => {
    const SIMILAR = '/api/v1/products/protected/similar';
    const similarEverywhere = async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => send('POST', SIMILAR, { body: { sessionId: 's', data: { id: 'W-1' } } })),
      );
      return new Set(answers.map((a) => `${a.status} ${a.body}`));
    };
    const put = (id: string, available = true) =>
      send('PUT', `/api/v1/products/protected/catalog/${id}`, { body: { name: `Saia linho ${id}`, available } });
    for (const id of ['W-1', 'W-2', 'W-3']) expect((await put(id)).status).toBe(201);
    expect([...(await similarEverywhere())].map((a) => JSON.parse(a.slice(4)).products.sort())).toEqual([['W-2', 'W-3']]);
    expect((await put('W-2', false)).status).toBe(200);
    expect(await similarEverywhere()).toEqual(new Set(['200 {"products":["W-3"]}']));
  });

  it("holds a token to its quota across the workers, and merges the workers' metrics", async () => {
    const issued = JSON.parse(
      (
        await send('POST', '/api/v1/admin/protected/tokens', {
          body: { name: 'storefront', scopes: ['collections:read'], rateLimit: { requests: 6, windowSeconds: 3600 } },
        })
      ).body,
    ) as { token: string };
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await send('GET', COLLECTIONS, { token: issued.token })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const metrics = await send('GET', '/metrics');
    const served =
      /vitrine_http_requests_total\{method="GET",route="\/api\/v1\/merchandising-collections\/protected",status="200"\} (\d+)/.exec(
        metrics.body,
      );
    expect(Number(served?.[1])).toBe(6);
  });

  it('stops every worker on SIGTERM and exits 0', async () => {
    expect(await vitrine.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});
