import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';
import { InProcessCatalogNews } from '../../src/adapters/memory/in-process-catalog-news.js';
import { SimilarityEngine } from '../../src/adapters/similarity/similarity-engine.js';
import { FollowCatalog } from '../../src/application/product/follow-catalog.js';
import { aProductInput, T0 } from '../support/mothers.js';

/** Lets the work a timer started (a scan of the in-memory store, a breath between batches) run to its end. */
const finished = async () => {
  for (let turn = 0; turn < 3; turn++) await new Promise<void>((done) => setImmediate(done));
};

/**
 * An instance on a shared store that no catalog news reaches (MongoDB without Redis): another
 * process writes to the store without telling it.
 */
function alone(settings: { reconcileEveryMs?: number; retryAfterMs?: number }) {
  const clock = new FakeClock(T0);
  const store = new InMemoryProductStore();
  const engine = new SimilarityEngine({ background: false });
  const channel = new InProcessCatalogNews();
  const follow = new FollowCatalog(store, engine, channel.endpoint(), clock, settings);
  const writeElsewhere = (id: string) => store.save(aProductInput({ id, category: 'c' }), clock.now());
  const knows = (id: string) => engine.has(id);
  let scans = 0;
  const scan = store.scan.bind(store);
  store.scan = (batchSize) => {
    scans++;
    return scan(batchSize);
  };
  return { clock, store, follow, channel, writeElsewhere, knows, scans: () => scans };
}

describe('following the catalog with no news from the other instances', () => {
  it('compares the engine with the store every reconcileEveryMs, at exactly that instant', async () => {
    const { clock, follow, writeElsewhere, knows } = alone({ reconcileEveryMs: 60_000 });
    await writeElsewhere('P-0');
    await follow.start();
    expect(knows('P-0')).toBe(true);
    await writeElsewhere('P-1');
    clock.advance(59_999);
    await finished();
    expect(knows('P-1')).toBe(false);
    clock.advance(1);
    await finished();
    expect(knows('P-1')).toBe(true);
    await writeElsewhere('P-2');
    clock.advance(60_000);
    await finished();
    expect(knows('P-2')).toBe(true);
    await follow.stop();
    expect(clock.scheduled).toBe(0);
  });

  it('reads the store again retryAfterMs after a read that failed, and not before', async () => {
    const { clock, store, follow, writeElsewhere, knows } = alone({ retryAfterMs: 5_000 });
    await writeElsewhere('P-1');
    const scan = store.scan.bind(store);
    store.scan = () => {
      store.scan = scan;
      throw new Error('the store does not answer');
    };
    await expect(follow.start()).rejects.toThrow('the store does not answer');
    expect(knows('P-1')).toBe(false);
    clock.advance(4_999);
    await finished();
    expect(knows('P-1')).toBe(false);
    clock.advance(1);
    await finished();
    expect(knows('P-1')).toBe(true);
    // Without a period set, nothing more is scheduled once the catalog is read.
    expect(clock.scheduled).toBe(0);
  });

  it('keeps one timer at most: a read of news failing while it starts does not double its reconciliations', async () => {
    const { clock, store, follow, channel, scans } = alone({ reconcileEveryMs: 60_000, retryAfterMs: 5_000 });
    const getMany = store.getMany.bind(store);
    store.getMany = () => {
      store.getMany = getMany;
      return Promise.reject(new Error('the store does not answer'));
    };
    const starting = follow.start();
    await channel.endpoint().publish(['P-1']);
    await starting;
    expect(clock.scheduled).toBe(1);
    for (let second = 0; second < 240; second++) {
      clock.advance(1_000);
      await finished();
      expect(clock.scheduled).toBe(1);
    }
    // At start; the retry 5 s after the failed read; then every minute from there.
    expect(scans()).toBe(1 + 1 + 3);
    await follow.stop();
    expect(clock.scheduled).toBe(0);
  });

  it('reads nothing again once stopped, whatever news of lost news comes', async () => {
    const { follow, channel, scans } = alone({});
    await follow.start();
    await follow.stop();
    channel.dropNews();
    await finished();
    expect(scans()).toBe(1);
  });

  it('schedules nothing when news reaches it (no period set), and nothing after it stops', async () => {
    const { clock, follow } = alone({});
    await follow.start();
    expect(clock.scheduled).toBe(0);
    await follow.stop();
    expect(clock.scheduled).toBe(0);
  });
});

describe('reading the whole catalog', () => {
  it('lets requests through between batches: the event loop is never held for the whole read', async () => {
    const store = new InMemoryProductStore();
    for (let i = 0; i < 25_000; i++) await store.save(aProductInput({ id: `P-${i}`, category: 'c' }), T0);
    // An engine taking each batch in 2 ms: 100 batches, 200 ms in all.
    const engine = new SimilarityEngine({ background: false });
    const productsSaved = engine.productsSaved.bind(engine);
    engine.productsSaved = (products) => {
      const until = performance.now() + 2;
      while (performance.now() < until);
      productsSaved(products);
    };
    const follow = new FollowCatalog(store, engine, new InProcessCatalogNews().endpoint(), new FakeClock(T0));
    let longest = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      longest = Math.max(longest, performance.now() - last);
      last = performance.now();
    }, 1);
    await follow.reconcile();
    clearInterval(probe);
    longest = Math.max(longest, performance.now() - last);
    expect(engine.has('P-24999')).toBe(true);
    // A batch and a turn of the loop hold it a few ms; the whole read at once, over 200 ms.
    expect(longest).toBeLessThan(100);
  });
});
