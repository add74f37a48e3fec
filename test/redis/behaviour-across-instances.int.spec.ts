import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryEventStore } from '../../src/adapters/memory/in-memory-event-store.js';
import { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';
import { InMemoryProfileStore } from '../../src/adapters/memory/in-memory-profile-store.js';
import { InProcessCatalogNews } from '../../src/adapters/memory/in-process-catalog-news.js';
import { InProcessEventNews } from '../../src/adapters/memory/in-process-event-news.js';
import type { Overrides } from '../../src/composition/container.js';
import { startTestServer, type TestServer } from '../support/http-harness.js';
import { T0 } from '../support/mothers.js';
import { describeWithRedis } from '../support/redis-suite.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { EventNewsToken } from '../../src/domain/events/event-news.js';
import { EventStoreToken } from '../../src/domain/events/event-store.js';
import { CatalogNewsToken } from '../../src/domain/product/catalog-news.js';
import { ProductStoreToken } from '../../src/domain/product/product-store.js';
import { ProfileStoreToken } from '../../src/domain/profile/profile-store.js';
import { override } from '../../src/composition/overrides.js';
import { historyOf } from '../support/event-history.js';
import { resolve } from '../../src/composition/resolve.js';
import { InMemorySharedLists } from '../../src/adapters/memory/in-memory-shared-lists.js';
import { InMemoryShopperRecords } from '../../src/adapters/memory/in-memory-shopper-records.js';
import { SharedListsToken } from '../../src/domain/product/shared-lists.js';
import { ShopperRecordsToken } from '../../src/domain/product/shopper-records.js';

const CATALOG = '/api/v1/products/protected/catalog';
const SIMILAR = '/api/v1/products/protected/similar';
const EVENTS = '/api/v1/events/protected/batch';
const PROFILE = '/api/v1/crm/protected/profile/user-profile-id';
const MINUTE = 60_000;
const PRODUCTS = ['P-1', 'P-2', 'P-3', 'P-4', 'P-5', 'P-6', 'P-7', 'P-8'];

/** How the instances of one deployment (made afresh for each test) reach each other: what each instance is started with. */
interface Deployment {
  /** What one more instance is started with (the stores it shares with the others are added). */
  instance(clock: FakeClock): { env?: Record<string, string>; overrides?: Overrides };
  /**
   * Whether what an instance learns reaches its own answers a moment later rather than at once
   * (the lists shared: every instance, the builder too, answers from what the builder published).
   */
  readonly eventual?: boolean;
}

/**
 * Instances sharing one event store (and catalog and profiles), as behind a load balancer: what
 * shoppers do, recorded on any of them, changes every instance's similar-products answers.
 */
function behaviourAcrossInstances(describeIt: typeof describe, label: string, deployment: () => Deployment): void {
  describeIt(`what shoppers do, across instances (${label})`, () => {
    let clock: FakeClock;
    let current: Deployment;
    let shared: Overrides;
    let started: TestServer[];
    let one: TestServer;
    let other: TestServer;

    /** One more instance of the deployment, on the shared stores, learning from a single session (BEHAVIOUR_MIN_EVIDENCE 1). */
    async function start(): Promise<TestServer> {
      const { env = {}, overrides = [] } = current.instance(clock);
      const server = await startTestServer({
        clock,
        env: { BEHAVIOUR_MIN_EVIDENCE: '1', ...env },
        overrides: [...shared, ...overrides],
      });
      started.push(server);
      return server;
    }

    beforeEach(async () => {
      clock = new FakeClock(T0);
      current = deployment();
      shared = [
        override(EventStoreToken, new InMemoryEventStore({ maxEvents: 100_000, policy: { retentionDays: 90 } }, clock)),
        override(ProductStoreToken, new InMemoryProductStore()),
        override(ProfileStoreToken, new InMemoryProfileStore()),
      ];
      started = [];
      [one, other] = [await start(), await start()];
      for (const id of PRODUCTS) {
        expect(
          (await one.request('PUT', `${CATALOG}/${id}`, { body: { name: `Vestido ${id}`, category: 'vestidos' } })).status,
        ).toBe(201);
      }
      if (current.eventual) {
        for (const server of [one, other])
          await expect.poll(async () => productsOf(server, 'P-1'), { timeout: 10_000 }).toHaveLength(7);
      }
      return async () => {
        for (const server of started) await server.close();
      };
    });

    const similar = async (on: TestServer, id: string, shopper: { sessionId?: string; userId?: string } = {}) => {
      const answer = await on.request('POST', SIMILAR, {
        body: { sessionId: 'sess-asking', ...shopper, data: { id, limit: 7 } },
      });
      expect(answer.status).toBe(200);
      return { products: answer.json.products as string[], recommendationId: answer.headers.get('x-recommendation-id')! };
    };
    const productsOf = async (...args: Parameters<typeof similar>) => (await similar(...args)).products;
    /** What an instance answers at once, or (where the deployment is eventual) within seconds. */
    const soon = async <T>(read: () => Promise<T>) =>
      current.eventual ? expect.poll(read, { timeout: 10_000 }) : expect(await read());
    const record = async (on: TestServer, ...events: object[]) => {
      const answer = await on.request('POST', EVENTS, { body: { events } });
      expect(answer.json).toMatchObject({ accepted: events.length, invalid: 0 });
    };
    /** A session that viewed these products one after the other, a minute apart, ending a minute ago. */
    const session = (sessionId: string, products: readonly string[]) =>
      products.map((productId, i) => ({
        type: 'view',
        productId,
        sessionId,
        at: new Date(clock.now().getTime() - (products.length - i) * MINUTE).toISOString(),
      }));

    it("changes the other instance's answer with the sessions one instance records, and an instance started later learns them from the store", async () => {
      const before = await productsOf(other, 'P-1');
      expect(before).toHaveLength(7);
      // The catalog's last pick, which shoppers will browse with P-1.
      const partner = before.at(-1)!;
      await record(one, ...session('sess-a', ['P-1', partner]), ...session('sess-b', [partner, 'P-1']));
      await (await soon(async () => (await productsOf(one, 'P-1'))[0])).toBe(partner);
      await expect.poll(async () => (await productsOf(other, 'P-1'))[0], { timeout: 10_000 }).toBe(partner);
      // The behaviour goes both ways.
      await (await soon(async () => (await productsOf(other, partner))[0])).toBe('P-1');

      const third = await start();
      expect((await productsOf(third, 'P-1'))[0]).toBe(partner);
    });

    it('attributes a click recorded on one instance to the source of the answer another instance gave', async () => {
      const partner = (await productsOf(one, 'P-1')).at(-1)!;
      await record(one, ...session('sess-a', ['P-1', partner]));
      await expect.poll(async () => (await productsOf(other, 'P-1'))[0], { timeout: 10_000 }).toBe(partner);
      const { products, recommendationId } = await similar(other, 'P-1', { sessionId: 'sess-click' });
      expect(products[0]).toBe(partner);
      const clicks = async () => (await one.request('GET', '/metrics', { token: null })).text;
      const before = clickCount(await clicks(), 'behaviour');
      await record(one, { type: 'recommendation_click', productId: partner, sessionId: 'sess-click', recommendationId });
      expect(clickCount(await clicks(), 'behaviour')).toBe(before + 1);
    });

    it("leaves a shopper's purchase out on the other instance, and gives it back there once they are erased", async () => {
      const userId = 'up_shared';
      const profile = { identifiers: { emails: ['shared@example.com'] }, profile: {} };
      expect((await one.request('PUT', `${PROFILE}/${userId}`, { body: profile })).status).toBe(201);
      const [bought] = await productsOf(other, 'P-2');
      await record(one, { type: 'purchase', productId: bought, sessionId: 'sess-buy', userId });
      expect(await productsOf(one, 'P-2', { userId })).not.toContain(bought);
      await expect.poll(async () => productsOf(other, 'P-2', { userId }), { timeout: 10_000 }).not.toContain(bought);
      expect(await productsOf(other, 'P-2')).toContain(bought);

      expect((await one.request('DELETE', `${PROFILE}/${userId}`)).status).toBe(204);
      expect(await productsOf(one, 'P-2', { userId })).toContain(bought);
      await expect.poll(async () => productsOf(other, 'P-2', { userId }), { timeout: 10_000 }).toContain(bought);
      // Nothing is known of them any more, on either instance.
      for (const server of [one, other]) {
        const everyone = await productsOf(server, 'P-2');
        await (await soon(async () => productsOf(server, 'P-2', { userId }))).toEqual(everyone);
      }
    });

    it("shows on the other instance the moment one instance records, from the session's start, and forgets it there once erased", async () => {
      const userId = 'up_moment';
      const profile = { identifiers: { emails: ['moment@example.com'] }, profile: {} };
      const lines = async (on: TestServer) =>
        (await on.request('GET', '/api/v1/crm/protected/profile/email/moment@example.com')).json.profile?.momento_compra_atual
          ?.navegacoes;
      expect((await one.request('PUT', `${PROFILE}/${userId}`, { body: profile })).status).toBe(201);
      const at = (n: number) => new Date(clock.now().getTime() - n * MINUTE).toISOString();
      await record(
        one,
        { type: 'view', productId: 'P-3', sessionId: 'sess-m', at: at(2) },
        { type: 'add_to_cart', productId: 'P-4', sessionId: 'sess-m', userId, at: at(1) },
      );
      // 2026-11-21T12:00Z is 09:00 in São Paulo.
      const moment = [
        '2026-11-21 08:59 — adicionou à sacola Vestido P-4 (P-4)',
        '2026-11-21 08:58 — visualizou Vestido P-3 (P-3)',
      ];
      expect(await lines(one)).toEqual(moment);
      await expect.poll(async () => lines(other), { timeout: 10_000 }).toEqual(moment);

      expect((await one.request('DELETE', `${PROFILE}/${userId}`)).status).toBe(204);
      expect((await one.request('PUT', `${PROFILE}/${userId}`, { body: profile })).status).toBe(201);
      await expect.poll(async () => lines(other), { timeout: 10_000 }).toBeUndefined();
      expect(await lines(one)).toBeUndefined();
      // The store holds nothing of the session either: its anonymous view went with the erasure.
      const history = await historyOf(resolve(one.container, EventStoreToken));
      expect(history.filter((e) => e.sessionId === 'sess-m')).toEqual([]);
      expect(await lines(await start())).toBeUndefined();
    });
  });
}

function clickCount(metrics: string, source: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`vitrine_recommendation_clicks_total{source="${source}"} `));
  expect(line).toBeDefined();
  return Number(line!.slice(line!.lastIndexOf(' ') + 1));
}

behaviourAcrossInstances(describe, 'news in process', () => {
  const catalogNews = new InProcessCatalogNews();
  const eventNews = new InProcessEventNews();
  return {
    instance: () => ({
      overrides: [override(CatalogNewsToken, catalogNews.endpoint()), override(EventNewsToken, eventNews.endpoint())],
    }),
  };
});

behaviourAcrossInstances(describe, 'lists shared in process', () => {
  const catalogNews = new InProcessCatalogNews();
  const eventNews = new InProcessEventNews();
  let lists: InMemorySharedLists | undefined;
  let records: InMemoryShopperRecords | undefined;
  return {
    eventual: true,
    instance: (clock) => {
      lists ??= new InMemorySharedLists(clock);
      records ??= new InMemoryShopperRecords(clock);
      return {
        env: { SIMILAR_LISTS: 'shared' },
        overrides: [
          override(CatalogNewsToken, catalogNews.endpoint()),
          override(EventNewsToken, eventNews.endpoint()),
          override(SharedListsToken, lists),
          override(ShopperRecordsToken, records),
        ],
      };
    },
  };
});

describeWithRedis('across instances, over Redis', () => {
  let redis: RedisServer;

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis.stop();
  });

  behaviourAcrossInstances(describe, 'news over Redis', () => {
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `test:${randomUUID().slice(0, 8)}:` };
    return { instance: () => ({ env }) };
  });

  behaviourAcrossInstances(describe, 'lists and records shared over Redis', () => {
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `test:${randomUUID().slice(0, 8)}:`, SIMILAR_LISTS: 'shared' };
    return { eventual: true, instance: () => ({ env }) };
  });
});
