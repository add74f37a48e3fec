import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryEventStore } from '../../src/adapters/memory/in-memory-event-store.js';
import { InProcessEventNews } from '../../src/adapters/memory/in-process-event-news.js';
import { SimilarityEngine } from '../../src/adapters/similarity/similarity-engine.js';
import { SimilarAnswers } from '../../src/application/product/similar-answers.js';
import { DEFAULT_SIMILARITY_POLICY } from '../../src/domain/product/similarity-policy.js';
import { FollowEvents, type BehaviourFollowSettings } from '../../src/application/events/follow-events.js';
import type { ShopperEvent } from '../../src/domain/events/shopper-event.js';
import type { Product } from '../../src/domain/product/product.js';
import { aProduct, anEvent, T0 } from '../support/mothers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Lets the work a timer or a news message started (a relearning from the in-memory store) run to its end. */
const finished = () => new Promise<void>((done) => setImmediate(done));

/** Products that share no words and no category: whatever one answers for another comes from behaviour. */
const PRODUCTS: readonly Product[] = ['ALFA', 'BRAVO', 'CHARLIE', 'DELTA', 'ECHO'].map((id) =>
  aProduct({ id, name: id, description: undefined, tags: [], brand: undefined, category: undefined, price: undefined }),
);

/** An engine that knows the products, and its answers for everyone. */
function engineOf() {
  const engine = new SimilarityEngine({ background: false });
  engine.productsSaved(PRODUCTS);
  const answers = new SimilarAnswers(engine, DEFAULT_SIMILARITY_POLICY);
  return {
    engine,
    similar: (id: string) => answers.forEveryone(id, 5)?.ids,
    forAna: (id: string) => answers.forShopper(id, 5, { userId: 'up_ana', now: T0 })?.ids,
  };
}

/** One instance: its own engine, following the shared event store. */
function instance(store: InMemoryEventStore, news: InProcessEventNews, clock: FakeClock, settings: BehaviourFollowSettings = {}) {
  const { engine, similar, forAna } = engineOf();
  const follow = new FollowEvents(store, engine, news.endpoint(), clock, settings);
  return { engine, follow, similar, forAna };
}

function world(settings: BehaviourFollowSettings = {}) {
  const clock = new FakeClock(T0);
  const store = new InMemoryEventStore({ maxEvents: 100_000, policy: { retentionDays: 90 } }, clock);
  const news = new InProcessEventNews();
  return { clock, store, news, one: instance(store, news, clock, settings), other: instance(store, news, clock, settings) };
}

/** A session that views the products a minute apart, starting `start` minutes after T0. */
function viewed(sessionId: string, products: readonly string[], start = 0, userId?: string): ShopperEvent[] {
  return products.map((productId, i) =>
    anEvent({ productId, sessionId, userId, at: new Date(T0.getTime() + (start + i) * MINUTE) }),
  );
}

describe('following the events: the history', () => {
  it('learns the whole history of the store at start, a page at a time, in time order', async () => {
    const { store, one } = world();
    // 1,500 events, stored newest first: three products per session, 500 sessions ten minutes apart.
    const history = Array.from({ length: 500 }, (_, s) =>
      viewed(`S-${s}`, s % 2 === 0 ? ['ALFA', 'BRAVO', 'CHARLIE'] : ['ALFA', 'DELTA', 'ECHO'], s * 10),
    ).flat();
    for (const event of [...history].reverse()) await store.append([event]);
    const scans: (string | undefined)[] = [];
    const scan = store.scan.bind(store);
    store.scan = (after, limit) => {
      scans.push(after?.at.toISOString());
      return scan(after, limit);
    };
    await one.follow.start();
    expect(scans).toEqual([undefined, history[999]!.at.toISOString()]);
    const fed = engineOf();
    fed.engine.learn(history);
    for (const product of PRODUCTS) expect(one.similar(product.id)).toEqual(fed.similar(product.id));
    // As many sessions each way: the products next to ALFA first (session-kNN's closeness within a session), ties by id.
    expect(one.similar('ALFA')).toEqual(['BRAVO', 'DELTA', 'CHARLIE', 'ECHO']);
  });

  it('comes back to what the store holds when it learns afresh: what it learnt of events the store lost is forgotten', async () => {
    const { clock, store, one } = world({ relearnEveryMs: HOUR });
    await one.follow.start();
    await one.follow.recorded(viewed('S1', ['ALFA', 'BRAVO']));
    expect(one.similar('ALFA')).toEqual(['BRAVO']);
    await store.append(viewed('S2', ['ALFA', 'CHARLIE']));
    clock.advance(HOUR);
    await finished();
    expect(one.similar('ALFA')).toEqual(['CHARLIE']);
    await one.follow.stop();
  });
});

describe('following the events: live events between instances', () => {
  it('learns the events recorded here at once and tells the other instances, which learn them too', async () => {
    const { store, news, one, other } = world();
    await one.follow.start();
    await other.follow.start();
    const events = viewed('S1', ['ALFA', 'BRAVO']);
    await store.append(events);
    await one.follow.recorded(events);
    expect(one.similar('ALFA')).toEqual(['BRAVO']);
    expect(other.similar('ALFA')).toEqual(['BRAVO']);
    let heard = 0;
    news.endpoint().subscribe({ received: () => heard++, erased: () => undefined, missedSome: () => undefined });
    await other.follow.recorded([]);
    expect(heard).toBe(0);
  });

  it('forgets a shopper erased here at once and tells the other instances, which forget them too', async () => {
    const { store, one, other } = world();
    const bought = [
      ...viewed('S1', ['ALFA', 'BRAVO']),
      anEvent({ type: 'purchase', productId: 'BRAVO', sessionId: 'S2', userId: 'up_ana' }),
    ];
    await store.append(bought);
    await one.follow.start();
    await other.follow.start();
    expect(one.forAna('ALFA')).toEqual([]);
    expect(other.forAna('ALFA')).toEqual([]);
    await store.eraseUser('up_ana');
    await one.follow.erased('up_ana');
    expect(one.engine.shopper('up_ana')).toBeUndefined();
    expect(other.engine.shopper('up_ana')).toBeUndefined();
    expect(one.forAna('ALFA')).toEqual(['BRAVO']);
    expect(other.forAna('ALFA')).toEqual(['BRAVO']);
  });

  it('keeps what it learns live while it learns afresh, and learns it again after a history read before it', async () => {
    const { store, news, one, other } = world();
    await store.append(viewed('S1', ['ALFA', 'BRAVO']));
    await one.follow.start();
    // A read of the history that took its page before the live events were stored, and hands it over late.
    const page = await store.scan(undefined, 1_000);
    let release!: () => void;
    const gate = new Promise<void>((open) => (release = open));
    store.scan = async () => {
      await gate;
      return page;
    };
    news.dropNews();
    const live = viewed('S-LIVE', ['ALFA', 'CHARLIE'], 120);
    await store.append(live);
    await other.follow.recorded(live);
    expect(one.similar('ALFA')).toEqual(['BRAVO', 'CHARLIE']);
    release();
    await finished();
    expect(one.similar('ALFA')).toEqual(['BRAVO', 'CHARLIE']);
  });
  it('does not bring back a shopper erased while a read of the history that still held their events was under way', async () => {
    const { store, news, one } = world();
    await store.append([...viewed('S1', ['ALFA', 'BRAVO']), anEvent({ type: 'purchase', productId: 'BRAVO', sessionId: 'S2' })]);
    await one.follow.start();
    // The read takes its page (Ana's events in it), then hands it over after she is erased.
    let release!: () => void;
    const gate = new Promise<void>((open) => (release = open));
    const scan = store.scan.bind(store);
    store.scan = async (after, limit) => {
      const page = await scan(after, limit);
      await gate;
      return page;
    };
    news.dropNews();
    await store.eraseUser('up_ana');
    await one.follow.erased('up_ana');
    release();
    await finished();
    expect(one.engine.shopper('up_ana')).toBeUndefined();
    expect(one.forAna('ALFA')).toEqual(['BRAVO']);
  });
});

describe('following the events: learning afresh', () => {
  it('learns afresh from the store when news may have been missed', async () => {
    const { store, news, one } = world();
    await one.follow.start();
    await store.append(viewed('S1', ['ALFA', 'BRAVO']));
    expect(one.similar('ALFA')).toEqual([]);
    news.dropNews();
    await finished();
    expect(one.similar('ALFA')).toEqual(['BRAVO']);
  });

  it('learns afresh every relearnEveryMs, at exactly that instant, again and again', async () => {
    const { clock, store, one } = world({ relearnEveryMs: HOUR });
    await one.follow.start();
    expect(clock.scheduled).toBe(1);
    await store.append(viewed('S1', ['ALFA', 'BRAVO']));
    clock.advance(HOUR - 1);
    await finished();
    expect(one.similar('ALFA')).toEqual([]);
    clock.advance(1);
    await finished();
    expect(one.similar('ALFA')).toEqual(['BRAVO']);
    await store.append(viewed('S2', ['CHARLIE', 'DELTA'], 60));
    clock.advance(HOUR - 1);
    await finished();
    // Nothing learnt of CHARLIE yet: what is popular overall (the latest view first).
    expect(one.similar('CHARLIE')).toEqual(['BRAVO', 'ALFA']);
    clock.advance(1);
    await finished();
    expect(one.similar('CHARLIE')).toEqual(['DELTA', 'BRAVO', 'ALFA']);
    expect(clock.scheduled).toBe(1);
    await one.follow.stop();
    expect(clock.scheduled).toBe(0);
  });

  it('reads the store again retryAfterMs after a read that failed, and not before', async () => {
    const { clock, store, one } = world({ retryAfterMs: 5_000 });
    await store.append(viewed('S1', ['ALFA', 'BRAVO']));
    const scan = store.scan.bind(store);
    store.scan = () => {
      store.scan = scan;
      return Promise.reject(new Error('the store does not answer'));
    };
    await expect(one.follow.start()).rejects.toThrow('the store does not answer');
    expect(one.similar('ALFA')).toEqual([]);
    clock.advance(4_999);
    await finished();
    expect(one.similar('ALFA')).toEqual([]);
    clock.advance(1);
    await finished();
    expect(one.similar('ALFA')).toEqual(['BRAVO']);
    expect(clock.scheduled).toBe(0);
  });

  it('keeps what it knew when a read of the history fails', async () => {
    const { store, news, one } = world();
    await store.append(viewed('S1', ['ALFA', 'BRAVO']));
    await one.follow.start();
    await store.append(viewed('S2', ['ALFA', 'CHARLIE'], 60));
    store.scan = () => Promise.reject(new Error('the store does not answer'));
    news.dropNews();
    await finished();
    expect(one.similar('ALFA')).toEqual(['BRAVO']);
    await one.follow.stop();
  });

  it('drops a relearning under way when stopped, and starts none on news once stopped', async () => {
    const { store, news, one } = world();
    await one.follow.start();
    await store.append(viewed('S1', ['ALFA', 'BRAVO']));
    let release!: () => void;
    const gate = new Promise<void>((open) => (release = open));
    const scan = store.scan.bind(store);
    store.scan = async (after, limit) => {
      await gate;
      return scan(after, limit);
    };
    news.dropNews();
    const stopping = one.follow.stop();
    release();
    await stopping;
    news.dropNews();
    await finished();
    expect(one.similar('ALFA')).toEqual([]);
  });
});
