import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryAnswerCache } from '../../src/adapters/memory/in-memory-answer-cache.js';
import { CachedAnswers } from '../../src/application/caching/cached-answers.js';
import { DomainError } from '../../src/domain/shared/errors.js';

describe('read-through caching of answers', () => {
  let clock: FakeClock;
  let cache: InMemoryAnswerCache;
  let answers: CachedAnswers;
  let computed: number;

  beforeEach(() => {
    clock = new FakeClock('2026-11-21T12:00:00.000Z');
    cache = new InMemoryAnswerCache(clock);
    answers = new CachedAnswers(cache, clock, { ttlMs: 60_000 });
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
    await answers.settle();
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
    await answers.settle();
    clock.advance(59_999);
    expect(await answers.read('k', compute('v2'))).toBe('v1');
    clock.advance(1);
    expect(await answers.read('k', compute('v2'))).toBe('v2');
  });

  it('keeps an answer no longer than its own expiry when that comes first', async () => {
    const limit = new Date('2026-11-21T12:00:05.000Z');
    await answers.read('k', compute('v'), { expiresAt: () => limit });
    await answers.settle();
    expect(cache.expiryOf('k')).toEqual(limit);
    const later = new Date('2026-11-21T13:00:00.000Z');
    await answers.read('j', compute('v'), { expiresAt: () => later });
    await answers.settle();
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
      await answers.settle();
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
    await answers.settle();
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
      await answers.settle();
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
    const bare = CachedAnswers.withoutCache(clock);
    await bare.read('k', compute('v'));
    await bare.read('k', compute('v'));
    expect(computed).toBe(2);
  });
});
