import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemorySharedCache } from '../../src/adapters/memory/in-memory-shared-cache.js';
import { NO_SHARED_CACHE } from '../../src/domain/caching/shared-cache.js';
import { AnswerCache } from '../../src/application/caching/answer-cache.js';
import { DomainError } from '../../src/domain/shared/errors.js';

describe('read-through caching of answers', () => {
  let clock: FakeClock;
  let cache: InMemorySharedCache;
  let answers: AnswerCache;
  let computed: number;

  beforeEach(() => {
    clock = new FakeClock('2026-11-21T12:00:00.000Z');
    cache = new InMemorySharedCache(clock);
    answers = new AnswerCache(cache, clock, { ttlMs: 60_000 });
    computed = 0;
  });

  const compute =
    <T>(value: T) =>
    async (): Promise<T> => {
      computed++;
      return value;
    };

  it('computes a miss once, then answers from the cache, Dates included', async () => {
    const value = { at: new Date('2026-11-27T03:00:00.123Z'), list: [1, 2] };
    expect(await answers.read('k', compute(value))).toEqual(value);
    await answers.settled();
    const again = await answers.read('k', compute(value));
    expect(again).toEqual(value);
    expect(again.at).toBeInstanceOf(Date);
    expect(computed).toBe(1);
  });

  it('computes once for many concurrent misses of one key (single flight)', async () => {
    let release: (v: string) => void = () => {};
    const slow = () => {
      computed++;
      return new Promise<string>((done) => (release = done));
    };
    const reads = Array.from({ length: 10 }, () => answers.read('k', slow));
    await Promise.resolve();
    release('v');
    expect(await Promise.all(reads)).toEqual(Array(10).fill('v'));
    expect(computed).toBe(1);
  });

  it('serves an answer for CACHE_TTL, then computes again', async () => {
    await answers.read('k', compute('v1'));
    await answers.settled();
    clock.advance(59_999);
    expect(await answers.read('k', compute('v2'))).toBe('v1');
    clock.advance(1);
    expect(await answers.read('k', compute('v2'))).toBe('v2');
  });

  it('keeps an answer no longer than its own expiry when that comes first', async () => {
    const limit = new Date('2026-11-21T12:00:05.000Z');
    await answers.read('k', compute('v'), { expiresAt: () => limit });
    await answers.settled();
    expect(cache.expiryOf('k')).toEqual(limit);
    const later = new Date('2026-11-21T13:00:00.000Z');
    await answers.read('j', compute('v'), { expiresAt: () => later });
    await answers.settled();
    expect(cache.expiryOf('j')).toEqual(new Date('2026-11-21T12:01:00.000Z'));
  });

  it('caches the domain errors named as answers, and rethrows them as they were', async () => {
    const missing = async () => {
      computed++;
      throw new DomainError('NO_ACTIVE_SLICE', 'The collection has no active slice now.');
    };
    for (let i = 0; i < 2; i++) {
      await expect(answers.read('k', missing, { cachedErrors: ['NO_ACTIVE_SLICE'] })).rejects.toMatchObject({
        code: 'NO_ACTIVE_SLICE',
        message: 'The collection has no active slice now.',
      });
      await answers.settled();
    }
    expect(computed).toBe(1);
  });

  it('never caches other errors', async () => {
    const failing = async () => {
      computed++;
      throw new Error('the database is down');
    };
    await expect(answers.read('k', failing)).rejects.toThrow('the database is down');
    await expect(
      answers.read('k', async () => {
        computed++;
        throw new DomainError('PRODUCT_NOT_FOUND', 'No product has this id.');
      }),
    ).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    expect(await answers.read('k', compute('v'))).toBe('v');
    expect(computed).toBe(3);
  });

  it('computes afresh after an invalidation, even when the stale computation ends later', async () => {
    let release: (v: string) => void = () => {};
    const stale = answers.read('k', () => new Promise<string>((done) => (release = done)));
    await Promise.resolve();
    await answers.invalidate(['k']);
    expect(await answers.read('k', compute('fresh'))).toBe('fresh');
    release('stale');
    expect(await stale).toBe('stale');
    await answers.settled();
    expect(await answers.read('k', compute('again'))).toBe('fresh');
  });

  it('treats an unreadable entry as a miss', async () => {
    const { stamp } = await cache.lookup('k');
    cache.store('k', 'not json', { from: clock.now(), until: new Date('2026-11-21T13:00:00.000Z') }, stamp);
    expect(await answers.read('k', compute('v'))).toBe('v');
  });

  it('forgets after a write, and after a write whose outcome is unknown, but not after one that changed nothing', async () => {
    const cachedValue = async () => {
      await answers.read('k', compute('v'));
      await answers.settled();
    };
    const isCached = async () => (await cache.lookup('k')).value !== undefined;
    await cachedValue();
    expect(await answers.afterWrite(['k'], async () => 'done')).toBe('done');
    expect(await isCached()).toBe(false);

    await cachedValue();
    await expect(answers.afterWrite(['k'], () => Promise.reject(new DomainError('UNAVAILABLE', 'down')))).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect(await isCached()).toBe(false);

    await cachedValue();
    await expect(answers.afterWrite(['k'], () => Promise.reject(new Error('driver failure')))).rejects.toThrow('driver failure');
    expect(await isCached()).toBe(false);

    await cachedValue();
    await expect(answers.afterWrite(['k'], () => Promise.reject(new DomainError('SLICE_NOT_FOUND', 'no')))).rejects.toMatchObject(
      { code: 'SLICE_NOT_FOUND' },
    );
    expect(await isCached()).toBe(true);
  });

  it('computes every read without a cache', async () => {
    const bare = AnswerCache.withoutCache(clock);
    await bare.read('k', compute('v'));
    await bare.read('k', compute('v'));
    expect(computed).toBe(2);
  });

  describe('in each process (the local layer)', () => {
    const settings = { ttlMs: 60_000, localEntries: 100 };

    /** Two instances (processes) sharing one shared cache, each with its own local layer. */
    function twoInstances(local = settings) {
      const lookups = { count: 0 };
      const shared = new InMemorySharedCache(clock);
      const counted = Object.assign(Object.create(shared) as InMemorySharedCache, {
        lookup: (key: string) => {
          lookups.count++;
          return shared.lookup(key);
        },
      });
      return { shared, lookups, a: new AnswerCache(counted, clock, local), b: new AnswerCache(counted, clock, local) };
    }

    it('serves the very same object again, without asking the shared cache', async () => {
      const { a, lookups } = twoInstances();
      const first = await a.read('k', compute({ list: [1, 2] }));
      await a.settled();
      const again = await a.read('k', compute({ list: [3] }));
      expect(again).toBe(first);
      expect({ computed, lookups: lookups.count }).toEqual({ computed: 1, lookups: 1 });
    });

    it('drops an answer at once when another instance invalidates it', async () => {
      const { a, b } = twoInstances();
      let stored = 'v1';
      const read = (answers: AnswerCache) => answers.read('k', async () => stored);
      expect(await read(b)).toBe('v1');
      await b.settled();
      stored = 'v2';
      await a.invalidate(['k']);
      expect(await read(b)).toBe('v2');
    });

    it('never keeps an answer computed while another instance invalidated its key', async () => {
      const { a, b } = twoInstances();
      let release: (v: string) => void = () => {};
      const stale = b.read('k', () => new Promise<string>((done) => (release = done)));
      await Promise.resolve();
      await a.invalidate(['k']);
      release('stale');
      expect(await stale).toBe('stale');
      await b.settled();
      expect(await b.read('k', compute('fresh'))).toBe('fresh');
    });

    it('forgets everything it keeps when news of invalidations may have been missed', async () => {
      const { shared, b, lookups } = twoInstances();
      await b.read('k', compute('v1'));
      await b.read('j', compute('w1'));
      await b.settled();
      await b.read('k', compute('v2'));
      expect(lookups.count).toBe(2);
      shared.dropNews();
      // Both are asked of the shared cache again (which still holds them).
      expect(await b.read('k', compute('v2'))).toBe('v1');
      expect(await b.read('j', compute('w2'))).toBe('w1');
      expect(lookups.count).toBe(4);
    });

    it('keeps an answer found in the shared cache no longer than the shared cache may serve it', async () => {
      const { a, b } = twoInstances();
      await a.read('k', compute('v'), { expiresAt: () => new Date('2026-11-21T12:00:05.000Z') });
      await a.settled();
      expect(await b.read('k', compute('other'))).toBe('v');
      clock.advance(4_999);
      expect(await b.read('k', compute('other'))).toBe('v');
      clock.advance(1);
      expect(await b.read('k', compute('after'))).toBe('after');
    });

    it('serves an answer within its validity only: not past CACHE_TTL, not before it was computed', async () => {
      const { a } = twoInstances();
      await a.read('k', compute('v1'));
      await a.settled();
      clock.advance(-1);
      expect(await a.read('k', compute('v2'))).toBe('v2');
      clock.advance(60_000);
      expect(await a.read('k', compute('v3'))).toBe('v3');
    });

    it('holds at most CACHE_LOCAL_ENTRIES answers, dropping the oldest', async () => {
      const answers = new AnswerCache(NO_SHARED_CACHE, clock, { ttlMs: 60_000, localEntries: 2 });
      for (const key of ['a', 'b', 'c']) await answers.read(key, compute(key));
      await answers.settled();
      expect(computed).toBe(3);
      expect(await answers.read('c', compute('x'))).toBe('c');
      expect(await answers.read('b', compute('x'))).toBe('b');
      expect(await answers.read('a', compute('recomputed'))).toBe('recomputed');
    });

    it('keeps nothing locally with CACHE_LOCAL_ENTRIES=0', async () => {
      const { a, lookups } = twoInstances({ ttlMs: 60_000, localEntries: 0 });
      await a.read('k', compute('v'));
      await a.settled();
      await a.read('k', compute('v'));
      expect({ computed, lookups: lookups.count }).toEqual({ computed: 1, lookups: 2 });
    });

    it('reports each lookup by family, layer and outcome, never the key itself', async () => {
      const seen: string[] = [];
      const observer = { lookedUp: (family: string, layer: string, hit: boolean) => seen.push(`${family} ${layer} ${hit}`) };
      const answers = new AnswerCache(cache, clock, settings, observer);
      await answers.read('profile:email:ana@example.com', compute('v'));
      await answers.settled();
      await answers.read('profile:email:ana@example.com', compute('v'));
      const other = new AnswerCache(cache, clock, settings, observer);
      await other.read('profile:email:ana@example.com', compute('v'));
      expect(seen).toEqual([
        'profile local false',
        'profile shared false',
        'profile local true',
        'profile local false',
        'profile shared true',
      ]);
    });
  });
});
