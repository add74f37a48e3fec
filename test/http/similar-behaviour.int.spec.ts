import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoCatalog } from '../../src/adapters/demo/demo-catalog.js';
import { demoEvents } from '../../src/adapters/demo/demo-events.js';
import { fastLane } from '../../src/adapters/http/fast-lane.js';
import { UpsertProduct } from '../../src/application/product/upsert-product.js';
import { createApp, PipelineToken, routesOf } from '../../src/composition/adapters/http.js';
import { resolve } from '../../src/composition/resolve.js';
import { recommendedFor } from '../../src/domain/product/recommendation.js';
import { ADMIN_SECRET, startTestServer, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

const SIMILAR = '/api/v1/products/protected/similar';
const EVENTS = '/api/v1/events/protected/batch';
const PROFILE = '/api/v1/crm/protected/profile/user-profile-id';
const HEADER = 'x-recommendation-id';
/** The demo's most browsed festa look: a dress seen with sandals, a bag and an accessory (none curated together). */
const HERO = 'VES-002';
const LOOK = ['SAN-005', 'ACE-010', 'BOL-006'];
/** What the fast-lane-only server answers when the fast lane leaves a request to Koa: never a client's answer. */
const FELL_THROUGH = 599;
const SOURCES = ['curated', 'behaviour', 'session', 'popular', 'embedding', 'content', 'category'] as const;
const MINUTE = 60_000;

type Source = (typeof SOURCES)[number] | 'unknown';

/** The demo shop's similar-products answers, what shoppers do changing them, through HTTP. */
describe('similar products that learn from shoppers (demo data)', () => {
  let server: TestServer;
  let events: string;
  let koaOnly: Server;
  let fastOnly: Server;

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: 'true' } });
    events = await server.tokenWith(['events:write']);
    const { container } = server;
    koaOnly = await listen(createServer(createApp(container).callback()));
    const fast = fastLane(routesOf(container), resolve(container, PipelineToken));
    fastOnly = await listen(
      createServer((req, res) => {
        if (fast(req, res)) return;
        res.writeHead(FELL_THROUGH);
        res.end();
      }),
    );
  });
  afterAll(async () => {
    await Promise.all([close(koaOnly), close(fastOnly)]);
    await server.close();
  });

  const similar = (data: { id: string; limit?: number }, shopper: { sessionId?: string; userId?: string | null } = {}) =>
    server.request('POST', SIMILAR, { body: { sessionId: 'sess-anonymous', ...shopper, data } });
  const productsOf = async (...args: Parameters<typeof similar>): Promise<string[]> => {
    const answer = await similar(...args);
    expect(answer.status).toBe(200);
    return answer.json.products;
  };
  const record = async (...sent: object[]) => {
    const answer = await server.request('POST', EVENTS, { token: events, body: { events: sent } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ accepted: sent.length, duplicate: 0, invalid: 0 });
  };
  const metrics = async () => (await server.request('GET', '/metrics', { token: null })).text;

  it('answers the look shoppers browse with the hero dress, learnt from their sessions', async () => {
    const before = await metrics();
    const answer = await similar({ id: HERO, limit: 3 });
    expect(answer.status).toBe(200);
    expect(answer.json.products).toHaveLength(3);
    expect(new Set(answer.json.products)).toEqual(new Set(LOOK));
    // Every one of them put there by what shoppers did, not by the catalog.
    expect(impressionsSince(before, await metrics())).toEqual({ behaviour: 3 });
  });

  it('answers a product no shopper has seen with what is popular in its category now, then as the catalog alone says', async () => {
    const seen = new Set(demoEvents(server.clock.now()).map((event) => event.productId));
    const unseen = demoCatalog().filter((product) => product.available !== false && !seen.has(product.id));
    expect(unseen.map((product) => product.id)).toContain('VES-005');
    const categoryOf = new Map(demoCatalog().map((product) => [product.id, product.category]));
    // The same catalog, without a single shopper event.
    const catalogOnly = await startTestServer({ clock: server.clock });
    try {
      const upsert = resolve(catalogOnly.container, UpsertProduct);
      for (const product of demoCatalog()) await upsert.execute(product);
      for (const id of ['VES-005', 'SAI-001', 'TEN-005']) {
        expect(seen.has(id)).toBe(false);
        const before = await metrics();
        const answer = await productsOf({ id, limit: 20 });
        expect(answer).toHaveLength(20);
        const shown = impressionsSince(before, await metrics());
        // Nothing from sessions that saw it (none did): first its category's popular products, ...
        expect(shown.behaviour ?? 0, id).toBe(0);
        const popular = answer.slice(0, shown.popular ?? 0);
        expect(popular.length, id).toBeGreaterThan(0);
        for (const other of popular) expect(categoryOf.get(other), `${id}: ${other}`).toBe(categoryOf.get(id));
        // ... then what the catalog alone answers, in its order.
        const expected = await catalogOnly.request('POST', SIMILAR, { body: { sessionId: 's', data: { id, limit: 20 } } });
        const catalog = (expected.json.products as string[]).filter((other) => !popular.includes(other));
        expect(answer.slice(popular.length), id).toEqual(catalog.slice(0, 20 - popular.length));
      }
    } finally {
      await catalogOnly.close();
    }
  });

  it('names every answer with an X-Recommendation-Id of its own, on both lanes, the body being exactly { products }', async () => {
    const body = JSON.stringify({ sessionId: 'sess-lanes', data: { id: HERO, limit: 3 } });
    const answers = [
      await post(fastOnly, SIMILAR, body),
      await post(fastOnly, SIMILAR, body),
      await post(koaOnly, SIMILAR, body),
      await post(koaOnly, SIMILAR, body),
      // The service itself: a plain URL goes to the fast lane, one with a query string to Koa.
      await post(server, SIMILAR, body),
      await post(server, `${SIMILAR}?`, body),
    ];
    const ids: string[] = [];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(new Set(JSON.parse(answer.text).products)).toEqual(new Set(LOOK));
      expect(answer.text).toBe(JSON.stringify({ products: JSON.parse(answer.text).products }));
      const id = answer.headers.get(HEADER);
      expect(id).toEqual(expect.any(String));
      // The id says which product's answer it is, so that any instance can attribute a click on it.
      expect(recommendedFor(id!)).toBe(HERO);
      ids.push(id!);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names no answer that is a problem, on either lane', async () => {
    for (const lane of [fastOnly, koaOnly]) {
      const answer = await post(lane, SIMILAR, JSON.stringify({ sessionId: 's', data: { id: 'NOPE' } }));
      expect(answer.status).toBe(404);
      expect(answer.headers.get(HEADER)).toBeNull();
    }
    // The route takes no query parameter: Koa refuses one it does not know.
    const refused = await post(server, `${SIMILAR}?x=1`, JSON.stringify({ sessionId: 's', data: { id: HERO } }));
    expect(refused.status).toBe(400);
    expect(refused.headers.get(HEADER)).toBeNull();
  });

  it('counts a click under the source of the clicked product in the answer it names, and impressions by source', async () => {
    const before = await metrics();
    const answer = await similar({ id: HERO, limit: 3 }, { sessionId: 'sess-click' });
    const clicked = answer.json.products[0];
    await record({
      type: 'recommendation_click',
      productId: clicked,
      sessionId: 'sess-click',
      recommendationId: answer.headers.get(HEADER),
      at: server.clock.now().toISOString(),
    });
    const after = await metrics();
    expect(impressionsSince(before, after)).toEqual({ behaviour: 3 });
    expect(clicksSince(before, after)).toEqual({ behaviour: 1 });
    expectClickThroughRates(after);
  });

  it('counts a click whose recommendation id Vitrine did not give, or whose answer does not hold the product, as unknown', async () => {
    const before = await metrics();
    const answer = await similar({ id: HERO, limit: 3 }, { sessionId: 'sess-stray' });
    await record(
      { type: 'recommendation_click', productId: LOOK[0], sessionId: 'sess-stray', recommendationId: 'rec_from_elsewhere' },
      { type: 'recommendation_click', productId: LOOK[0], sessionId: 'sess-stray', recommendationId: 'abc.!!!' },
      // A real answer's id, with a product no answer for the hero holds.
      {
        type: 'recommendation_click',
        productId: 'NOT-IN-THE-SHOP',
        sessionId: 'sess-stray',
        recommendationId: answer.headers.get(HEADER),
      },
    );
    const after = await metrics();
    expect(clicksSince(before, after)).toEqual({ unknown: 3 });
    expect(after).toMatch(/^vitrine_recommendation_clicks_total\{source="unknown"\} [1-9]\d*$/m);
    // No rate for clicks with no source: there is nothing they were shown by.
    expect(after).not.toMatch(/vitrine_recommendation_click_through_rate\{source="unknown"\}/);
    expectClickThroughRates(after);
  });

  it('answers an empty or unknown userId as it answers without one', async () => {
    const everyone = await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-nobody' });
    for (const userId of ['', '   ', null, 'up_never_seen']) {
      expect(await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-nobody', userId }), String(userId)).toEqual(everyone);
    }
  });

  it("leaves out what the shopper bought, from that shopper's answer only", async () => {
    const [first] = await productsOf({ id: HERO, limit: 3 });
    await record({
      type: 'purchase',
      productId: first,
      sessionId: 'sess-bought',
      userId: 'up_bought',
      at: server.clock.now().toISOString(),
    });
    const theirs = await productsOf({ id: HERO, limit: 3 }, { sessionId: 'sess-later', userId: 'up_bought' });
    expect(theirs).toHaveLength(3);
    expect(theirs).not.toContain(first);
    expect(await productsOf({ id: HERO, limit: 3 }, { sessionId: 'sess-later' })).toContain(first);
    expect(await productsOf({ id: HERO, limit: 3 }, { sessionId: 'sess-later', userId: 'up_someone_else' })).toContain(first);
  });

  it('lifts what the session saw before the product asked, while its visit lasts: an hour from its last event', async () => {
    const everyone = await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-fresh' });
    const earlier = everyone[5]!;
    await record({ type: 'view', productId: earlier, sessionId: 'sess-viewed', at: server.clock.now().toISOString() });
    const inVisit = await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-viewed' });
    // Up, not out: shoppers go back to what they saw.
    expect(inVisit[0]).toBe(earlier);
    server.clock.advance(60 * MINUTE);
    expect((await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-viewed' }))[0]).toBe(earlier);
    server.clock.advance(1);
    // The visit is over: the answer is everyone's.
    const after = await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-viewed' });
    expect(after).toEqual(await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-fresh' }));
    expect(after[0]).not.toBe(earlier);
  });

  it('forgets the visits of an erased shopper: their session answers as everyone’s at once', async () => {
    const userId = 'up_erased_visit';
    const profile = { identifiers: { emails: ['visit@example.com'] }, profile: {} };
    expect((await server.request('PUT', `${PROFILE}/${userId}`, { body: profile })).status).toBe(201);
    const everyone = await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-fresh' });
    const earlier = everyone[4]!;
    const at = server.clock.now().toISOString();
    await record({ type: 'view', productId: earlier, sessionId: 'sess-theirs', userId, at });
    expect((await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-theirs' }))[0]).toBe(earlier);

    expect((await server.request('DELETE', `${PROFILE}/${userId}`)).status).toBe(204);
    expect(await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-theirs' })).toEqual(
      await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-fresh' }),
    );
  });

  it("gives an erased shopper's purchases back to their answer", async () => {
    const userId = 'up_erased';
    const profile = { identifiers: { emails: ['erased@example.com'] }, profile: {} };
    expect((await server.request('PUT', `${PROFILE}/${userId}`, { body: profile })).status).toBe(201);
    const [first] = await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-after' });
    await record({ type: 'purchase', productId: first, sessionId: 'sess-erased', userId, at: server.clock.now().toISOString() });
    expect(await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-after', userId })).not.toContain(first);

    expect((await server.request('DELETE', `${PROFILE}/${userId}`)).status).toBe(204);
    const everyone = await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-after' });
    expect(everyone).toContain(first);
    // Nothing is known of them any more: their answer is everyone's.
    expect(await productsOf({ id: HERO, limit: 10 }, { sessionId: 'sess-after', userId })).toEqual(everyone);
  });
});

/** A metric's value for one source, or undefined when it is not reported. */
function valueOf(text: string, name: string, source: Source): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{source="${source}"} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** By source, how much a counter rose between two scrapes (sources that did not rise left out). */
function risenSince(before: string, after: string, name: string, sources: readonly Source[]): Partial<Record<Source, number>> {
  const risen: Partial<Record<Source, number>> = {};
  for (const source of sources) {
    const was = valueOf(before, name, source);
    const is = valueOf(after, name, source);
    expect(is, `${name}{source="${source}"}`).toBeDefined();
    if (is! - (was ?? 0) !== 0) risen[source] = is! - (was ?? 0);
  }
  return risen;
}

const impressionsSince = (before: string, after: string) =>
  risenSince(before, after, 'vitrine_recommendation_impressions_total', SOURCES);
const clicksSince = (before: string, after: string) =>
  risenSince(before, after, 'vitrine_recommendation_clicks_total', [...SOURCES, 'unknown']);

/** Each source's rate is its clicks over its impressions (reported once it has impressions). */
function expectClickThroughRates(text: string): void {
  for (const source of SOURCES) {
    const impressions = valueOf(text, 'vitrine_recommendation_impressions_total', source)!;
    const clicks = valueOf(text, 'vitrine_recommendation_clicks_total', source)!;
    const rate = valueOf(text, 'vitrine_recommendation_click_through_rate', source);
    if (impressions === 0) expect(rate, source).toBeUndefined();
    else expect(rate, source).toBeCloseTo(clicks / impressions, 12);
  }
}

async function post(target: Server | TestServer, path: string, body: string) {
  const base = 'baseUrl' in target ? target.baseUrl : baseOf(target);
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'X-Service-APP-Token': ADMIN_SECRET, 'Content-Type': 'application/json' },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function listen(server: Server): Promise<Server> {
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}

function baseOf(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
