import { resolve } from '../../src/composition/resolve.js';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryCollectionStore } from '../../src/adapters/memory/in-memory-collection-store.js';
import { InMemoryProfileStore } from '../../src/adapters/memory/in-memory-profile-store.js';
import { AnswerCache } from '../../src/application/caching/answer-cache.js';
import { counting } from '../support/counting.js';
import { startTestServer, type TestResponse, type TestServer } from '../support/http-harness.js';
import { T0 } from '../support/mothers.js';
import { describeWithRedis } from '../support/redis-suite.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { CollectionStoreToken } from '../../src/domain/merchandising/collection-store.js';
import { ProfileStoreToken } from '../../src/domain/profile/profile-store.js';
import { override } from '../../src/composition/overrides.js';

const PROFILE = '/api/v1/crm/protected/profile';
const COLLECTIONS = '/api/v1/merchandising-collections/protected';
const COMMAND_TIMEOUT_MS = 100;
/** A request while Redis fails may cost one command timeout; the rest is generous margin for a loaded CI machine. */
const BOUND_MS = COMMAND_TIMEOUT_MS + 900;

describeWithRedis('Redis outages: every request still answers, correctly and quickly', () => {
  let redis: RedisServer;
  let server: TestServer;
  let profiles: ReturnType<typeof counting<InMemoryProfileStore>>;
  let collectionId: number;

  beforeEach(async () => {
    redis = await startRedisServer();
    profiles = counting(new InMemoryProfileStore());
    server = await startTestServer({
      clock: new FakeClock(T0),
      env: {
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: `test:${randomUUID().slice(0, 8)}:`,
        REDIS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS),
      },
      overrides: [override(ProfileStoreToken, profiles.store), override(CollectionStoreToken, new InMemoryCollectionStore())],
    });
    await server.request('PUT', `${PROFILE}/user-profile-id/up_ana`, {
      body: { identifiers: { phones: ['11987654321'] }, profile: { ganchos_conteudo: ['a'] } },
    });
    collectionId = (await server.request('POST', COLLECTIONS, { body: { name: 'Verão' } })).json.id;
    await server.request('POST', `${COLLECTIONS}/${collectionId}/slices`, {
      body: { name: 'S', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: ['P'] },
    });
  });
  afterEach(async () => {
    redis.thaw();
    await server.close();
    await redis.stop();
  });

  /** Each hot read, timed: the answer must be right and come within the bound. */
  async function hotReads(rounds = 5): Promise<{ answers: TestResponse[]; slowestMs: number }> {
    const answers: TestResponse[] = [];
    let slowestMs = 0;
    for (let i = 0; i < rounds; i++) {
      for (const path of [`${PROFILE}/phone/11987654321`, `${COLLECTIONS}/${collectionId}`]) {
        const started = performance.now();
        answers.push(await server.request('GET', path));
        slowestMs = Math.max(slowestMs, performance.now() - started);
      }
    }
    return { answers, slowestMs };
  }

  function expectRight(answers: TestResponse[]): void {
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(answers.filter((a) => a.json.userProfileId === 'up_ana')).toHaveLength(answers.length / 2);
    expect(answers.filter((a) => a.json.sliceName === 'S')).toHaveLength(answers.length / 2);
  }

  it('answers with Redis stopped', async () => {
    await hotReads(1);
    await redis.stop();
    const { answers, slowestMs } = await hotReads();
    expectRight(answers);
    expect(slowestMs).toBeLessThan(BOUND_MS);
  });

  it('answers with Redis frozen (SIGSTOP), within the command timeout plus margin', async () => {
    await hotReads(1);
    redis.freeze();
    const { answers, slowestMs } = await hotReads();
    expectRight(answers);
    expect(slowestMs).toBeLessThan(BOUND_MS);
  });

  it('answers while Redis restarts, and serves from it again afterwards', async () => {
    await hotReads(1);
    await redis.stop();
    expectRight((await hotReads(2)).answers);
    await redis.restart();
    // ioredis reconnects on its own; once it has, the first read fills the empty cache and the
    // next ones are hits: the store is not asked again.
    const readsOfOneRound = async () => {
      await hotReads(1);
      await resolve(server.container, AnswerCache).settled();
      const before = profiles.count('findByIdentifier');
      await hotReads(1);
      return profiles.count('findByIdentifier') - before;
    };
    await expect.poll(readsOfOneRound, { timeout: 15_000, interval: 100 }).toBe(0);
    expectRight((await hotReads(3)).answers);
  });

  it('delivers an invalidation Redis missed while frozen before it serves that key again', async () => {
    await hotReads(1);
    await resolve(server.container, AnswerCache).settled();
    redis.freeze();
    const written = await server.request('PUT', `${PROFILE}/user-profile-id/up_ana`, {
      body: { profile: { ganchos_conteudo: ['b'] } },
    });
    expect(written.status).toBe(200);
    redis.thaw();
    const read = await server.request('GET', `${PROFILE}/phone/11987654321`);
    expect(read.json.profile).toEqual({ ganchos_conteudo: ['b'] });
  });

  it('counts rate limits in each instance while Redis is down: requests are still answered, and still limited', async () => {
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `test:${randomUUID().slice(0, 8)}:`, RATE_LIMIT: '3/1m' };
    const limited = await startTestServer({ clock: new FakeClock(T0), env });
    try {
      const token = await limited.tokenWith(['collections:read']);
      const left = async () => {
        const answer = await limited.request('GET', COLLECTIONS, { token });
        return answer.status === 200 ? answer.headers.get('ratelimit')?.split(';')[1] : String(answer.status);
      };
      expect(await left()).toBe('r=2');
      await redis.stop();
      // The count Redis held is out of reach: the instance spends what it holds of its lease (one
      // request, if its background grant came back before Redis stopped), then counts afresh in its
      // own memory: three more, then 429.
      const answers = [await left(), await left(), await left(), await left(), await left()];
      expect(answers.slice(answers.indexOf('r=2'))).toEqual(['r=2', 'r=1', 'r=0', '429']);
      expect(answers.indexOf('r=2')).toBeLessThanOrEqual(1);
    } finally {
      await limited.close();
    }
  });
});
