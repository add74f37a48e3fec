import { resolve } from '../../src/composition/resolve.js';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryCollectionStore } from '../../src/adapters/memory/in-memory-collection-store.js';
import { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';
import { InMemoryProfileStore } from '../../src/adapters/memory/in-memory-profile-store.js';
import { InMemoryTokenStore } from '../../src/adapters/memory/in-memory-token-store.js';
import { AnswerCache } from '../../src/application/caching/answer-cache.js';
import { counting } from '../support/counting.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { T0 } from '../support/mothers.js';
import { describeWithRedis } from '../support/redis-suite.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { TokenStoreToken } from '../../src/domain/auth/token-store.js';
import { CollectionStoreToken } from '../../src/domain/merchandising/collection-store.js';
import { ProductStoreToken } from '../../src/domain/product/product-store.js';
import { ProfileStoreToken } from '../../src/domain/profile/profile-store.js';
import { override } from '../../src/composition/overrides.js';

const PROFILE = '/api/v1/crm/protected/profile';
const CATALOG = '/api/v1/products/protected/catalog';
const SIMILAR = '/api/v1/products/protected/similar';
const COLLECTIONS = '/api/v1/merchandising-collections/protected';
const TOKENS = '/api/v1/admin/protected/tokens';

describeWithRedis('caching the hot reads in Redis', () => {
  let redis: RedisServer;
  let probe: Redis;
  let prefix: string;
  let clock: FakeClock;
  let profiles: ReturnType<typeof counting<InMemoryProfileStore>>;
  let products: ReturnType<typeof counting<InMemoryProductStore>>;
  let collections: ReturnType<typeof counting<InMemoryCollectionStore>>;
  let tokens: ReturnType<typeof counting<InMemoryTokenStore>>;
  let server: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    redis = await startRedisServer();
    probe = new Redis(redis.url);
  });
  afterAll(async () => {
    probe.disconnect();
    await redis.stop();
  });

  /** Two instances sharing the stores and Redis, as behind a load balancer. */
  beforeEach(async () => {
    prefix = `test:${randomUUID().slice(0, 8)}:`;
    clock = new FakeClock(T0);
    profiles = counting(new InMemoryProfileStore());
    products = counting(new InMemoryProductStore());
    collections = counting(new InMemoryCollectionStore());
    tokens = counting(new InMemoryTokenStore());
    const shared = {
      clock,
      env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix, CACHE_TTL: '3600' },
      overrides: [
        override(ProfileStoreToken, profiles.store),
        override(ProductStoreToken, products.store),
        override(CollectionStoreToken, collections.store),
        override(TokenStoreToken, tokens.store),
      ],
    };
    server = await startTestServer(shared);
    second = await startTestServer(shared);
    return async () => {
      await server.close();
      await second.close();
    };
  });

  /** Write-backs happen after the answer; a test waits for them before counting store calls. */
  async function settled(): Promise<void> {
    await resolve(server.container, AnswerCache).settled();
    await resolve(second.container, AnswerCache).settled();
  }

  async function get(path: string, on = server) {
    const answer = await on.request('GET', path);
    await settled();
    return answer;
  }

  it('answers a profile lookup from Redis the second time, whatever way the phone is written', async () => {
    await server.request('PUT', `${PROFILE}/user-profile-id/up_ana`, {
      body: { identifiers: { phones: ['11987654321'] }, profile: {} },
    });
    expect((await get(`${PROFILE}/phone/11987654321`)).status).toBe(200);
    const reads = profiles.count('findByIdentifier');
    for (const written of ['%2B5511987654321', '(11)%2098765-4321', '5511987654321']) {
      expect((await get(`${PROFILE}/phone/${written}`, second)).json.userProfileId).toBe('up_ana');
    }
    expect(profiles.count('findByIdentifier')).toBe(reads);
    expect(await probe.exists(`${prefix}answer:{k:profile:phone:+5511987654321}`)).toBe(1);
  });

  it('answers similar products, the active slice and the token from Redis the second time', async () => {
    await server.request('PUT', `${CATALOG}/A`, { body: { name: 'A', category: 'c' } });
    await server.request('PUT', `${CATALOG}/B`, { body: { name: 'B', category: 'c' } });
    const { json } = await server.request('POST', COLLECTIONS, { body: { name: 'C' } });
    await server.request('POST', `${COLLECTIONS}/${json.id}/slices`, {
      body: { name: 'S', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: ['A'] },
    });

    const similar = () => second.request('POST', SIMILAR, { body: { sessionId: 's', data: { id: 'A' } } });
    expect((await similar()).json).toEqual({ products: ['B'] });
    await get(`${COLLECTIONS}/${json.id}`);
    const before = {
      products: products.count('get'),
      slices: collections.count('findActiveSlice'),
      tokens: tokens.count('findByHash'),
    };
    await settled();
    expect((await similar()).json).toEqual({ products: ['B'] });
    expect((await get(`${COLLECTIONS}/${json.id}`, second)).json.sliceName).toBe('S');
    expect(products.count('get')).toBe(before.products);
    expect(collections.count('findActiveSlice')).toBe(before.slices);
    expect(tokens.count('findByHash')).toBe(before.tokens);
  });

  it('keeps an active-slice answer in Redis no longer than the next transition', async () => {
    const { json } = await server.request('POST', COLLECTIONS, { body: { name: 'C' } });
    await server.request('POST', `${COLLECTIONS}/${json.id}/slices`, {
      body: { name: 'S', type: 'MANUAL', startsAt: '2026-11-21T12:00:05.000Z', endsAt: '2026-11-21T13:00:00.000Z', products: [] },
    });
    expectProblem(await get(`${COLLECTIONS}/${json.id}`), 404, 'NO_ACTIVE_SLICE');
    const ttl = await probe.pttl(`${prefix}answer:{k:active:${json.id}}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
    clock.set('2026-11-21T12:00:05.000Z');
    expect((await get(`${COLLECTIONS}/${json.id}`)).json.sliceName).toBe('S');
    expect(await probe.pttl(`${prefix}answer:{k:active:${json.id}}`)).toBeLessThanOrEqual(3_595_000);
  });

  it('forgets a profile under every old and new identifier when it is replaced or erased', async () => {
    await server.request('PUT', `${PROFILE}/user-profile-id/up_ana`, {
      body: { identifiers: { phones: ['11987654321'], emails: ['ana@example.com'] }, profile: {} },
    });
    expectProblem(await get(`${PROFILE}/phone/11912345678`), 404, 'PROFILE_NOT_FOUND');
    expect((await get(`${PROFILE}/phone/11987654321`)).status).toBe(200);
    await second.request('PUT', `${PROFILE}/user-profile-id/up_ana`, {
      body: { identifiers: { phones: ['11912345678'] }, profile: { ganchos_conteudo: ['novo'] } },
    });
    expectProblem(await get(`${PROFILE}/phone/11987654321`), 404, 'PROFILE_NOT_FOUND');
    expect((await get(`${PROFILE}/phone/11912345678`)).json.profile).toEqual({ ganchos_conteudo: ['novo'] });
    expect((await get(`${PROFILE}/email/ana@example.com`)).json.profile).toEqual({ ganchos_conteudo: ['novo'] });
    await second.request('DELETE', `${PROFILE}/user-profile-id/up_ana`);
    for (const path of ['phone/11912345678', 'email/ana@example.com', 'user-profile-id/up_ana']) {
      expectProblem(await get(`${PROFILE}/${path}`), 404, 'PROFILE_NOT_FOUND');
    }
  });

  it('forgets what a collection shows on every collection and slice write', async () => {
    const read = async () => {
      const answer = await get(`${COLLECTIONS}/${id}`);
      return answer.status === 200 ? answer.json.sliceName + ' ' + answer.json.collectionName : answer.json.code;
    };
    const nextId = (await collections.store.listCollections({ limit: 200 })).items.length + 1;
    let id = nextId;
    expect(await read()).toBe('COLLECTION_NOT_FOUND');
    id = (await second.request('POST', COLLECTIONS, { body: { name: 'Natal' } })).json.id;
    expect(id).toBe(nextId);
    expect(await read()).toBe('NO_ACTIVE_SLICE');
    const slice = (
      await second.request('POST', `${COLLECTIONS}/${id}/slices`, {
        body: { name: 'A', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: [] },
      })
    ).json;
    expect(await read()).toBe('A Natal');
    await second.request('PUT', `${COLLECTIONS}/${id}/slices/${slice.id}`, {
      body: { name: 'B', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: [] },
    });
    expect(await read()).toBe('B Natal');
    await second.request('PATCH', `${COLLECTIONS}/${id}`, { body: { name: 'Réveillon' } });
    expect(await read()).toBe('B Réveillon');
    await second.request('DELETE', `${COLLECTIONS}/${id}/slices/${slice.id}`);
    expect(await read()).toBe('NO_ACTIVE_SLICE');
    await second.request('DELETE', `${COLLECTIONS}/${id}`);
    expect(await read()).toBe('COLLECTION_NOT_FOUND');
  });

  it('refuses a revoked token at once, on every instance', async () => {
    const issued = (await server.request('POST', TOKENS, { body: { name: 'storefront', scopes: ['collections:read'] } })).json;
    for (const instance of [server, second]) {
      expect((await instance.request('GET', COLLECTIONS, { token: issued.token })).status).toBe(200);
    }
    await settled();
    expect(await probe.exists(`${prefix}answer:{k:token:${await hashOf(issued.token)}}`)).toBe(1);
    expect((await server.request('DELETE', `${TOKENS}/${issued.id}`)).status).toBe(204);
    for (const instance of [second, server]) {
      expectProblem(await instance.request('GET', COLLECTIONS, { token: issued.token }), 401, 'UNAUTHORIZED');
    }
  });

  it('serves an answer each instance keeps in its own memory, and drops it on every instance at a write on any', async () => {
    await server.request('PUT', `${CATALOG}/A`, { body: { name: 'A' } });
    await server.request('PUT', `${CATALOG}/B`, { body: { name: 'B' } });
    const { json } = await server.request('POST', COLLECTIONS, { body: { name: 'C' } });
    const slice = (
      await server.request('POST', `${COLLECTIONS}/${json.id}/slices`, {
        body: { name: 'S', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: ['A'] },
      })
    ).json;
    await server.request('PUT', `${PROFILE}/user-profile-id/up_ana`, {
      body: { identifiers: { emails: ['ana@example.com'] }, profile: {} },
    });
    const shown = async (on: TestServer) =>
      (await get(`${COLLECTIONS}/${json.id}`, on)).json.products.map((p: { productId: string }) => p.productId);
    const style = async (on: TestServer) =>
      (await get(`${PROFILE}/email/ana@example.com`, on)).json.profile.perfil_cliente?.estilo_geral;
    for (const instance of [server, second]) {
      expect(await shown(instance)).toEqual(['A']);
      expect(await style(instance)).toBeUndefined();
    }
    const before = {
      redis: await redisLookups(),
      slices: collections.count('findActiveSlice'),
      profiles: profiles.count('findByIdentifier'),
    };
    for (const instance of [server, second]) {
      expect(await shown(instance)).toEqual(['A']);
      expect(await style(instance)).toBeUndefined();
    }
    // Served from each instance's memory: neither Redis nor a store was asked.
    expect({
      redis: await redisLookups(),
      slices: collections.count('findActiveSlice'),
      profiles: profiles.count('findByIdentifier'),
    }).toEqual(before);

    await second.request('PATCH', `${COLLECTIONS}/${json.id}/slices/${slice.id}/products`, {
      body: { operations: [{ op: 'add', productId: 'B', position: 1 }] },
    });
    await second.request('PUT', `${PROFILE}/user-profile-id/up_ana`, {
      body: { identifiers: { emails: ['ana@example.com'] }, profile: { perfil_cliente: { estilo_geral: 'clássico' } } },
    });
    for (const instance of [server, second]) {
      expect(await shown(instance)).toEqual(['B', 'A']);
      expect(await style(instance)).toBe('clássico');
    }
  });

  /** How many answer lookups Redis has served (MGET is what a lookup sends). */
  async function redisLookups(): Promise<number> {
    const stats = await probe.info('commandstats');
    return Number(/cmdstat_mget:calls=(\d+)/.exec(stats)?.[1] ?? 0);
  }

  it('answers similar products from the engine, which follows catalog changes at once', async () => {
    await server.request('PUT', `${CATALOG}/A`, { body: { name: 'A', category: 'c' } });
    await server.request('PUT', `${CATALOG}/B`, { body: { name: 'B', category: 'c' } });
    const similar = async () => {
      const answer = await server.request('POST', SIMILAR, { body: { sessionId: 's', data: { id: 'A' } } });
      await settled();
      return answer.json.products;
    };
    expect(await similar()).toEqual(['B']);
    await server.request('PUT', `${CATALOG}/B`, { body: { name: 'B', category: 'c', available: false } });
    expect(await similar()).toEqual([]);
  });
});

async function hashOf(secret: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(secret).digest('hex');
}
