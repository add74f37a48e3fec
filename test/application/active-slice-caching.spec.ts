import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemorySharedCache } from '../../src/adapters/memory/in-memory-shared-cache.js';
import { InMemoryCollectionStore } from '../../src/adapters/memory/in-memory-collection-store.js';
import { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';
import { maxAgeSeconds } from '../../src/adapters/http/pipeline/entity-tags.js';
import { activeSliceCacheKey } from '../../src/application/caching/cache-keys.js';
import { AnswerCache } from '../../src/application/caching/answer-cache.js';
import { GetActiveSlice } from '../../src/application/merchandising/get-active-slice.js';
import { draftSlice, nextTransitionAfter } from '../../src/domain/merchandising/slice.js';
import { DomainError } from '../../src/domain/shared/errors.js';

const BASE = Date.parse('2026-11-01T00:00:00.000Z');
const MINUTE = 60_000;
const TTL = 30 * MINUTE;

const schedule = fc.array(
  fc.record({ start: fc.integer({ min: 0, max: 600 }), length: fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }) }),
  { maxLength: 6 },
);

async function answerOf(read: () => Promise<unknown>): Promise<unknown> {
  return read().then(
    (view) => view,
    (error: unknown) => (error instanceof DomainError ? error.code : Promise.reject(error)),
  );
}

describe('the cached active slice', () => {
  it('never outlives the next transition nor CACHE_TTL, and equals a fresh answer while it is served (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        schedule,
        fc.integer({ min: -10, max: 700 }),
        fc.integer({ min: 0, max: 1_000 }),
        async (specs, minute, probe) => {
          const clock = new FakeClock(BASE);
          const collections = new InMemoryCollectionStore();
          const products = new InMemoryProductStore();
          const cache = new InMemorySharedCache(clock);
          const { id } = await collections.createCollection({ name: 'C', description: '' }, { at: clock.now(), by: 'test' });
          for (const s of specs) {
            const startsAt = new Date(BASE + s.start * MINUTE);
            const endsAt = s.length === undefined ? undefined : new Date(startsAt.getTime() + s.length * MINUTE);
            await collections.createSlice(
              id,
              draftSlice({ name: `S${s.start}`, type: 'MANUAL', startsAt, endsAt, products: ['P'] }),
              { at: clock.now(), by: 'test' },
            );
          }
          const answers = new AnswerCache(cache, clock, { ttlMs: TTL });
          const cached = new GetActiveSlice(collections, products, clock, answers);
          const fresh = new GetActiveSlice(collections, products, clock, AnswerCache.withoutCache(clock));

          const t = BASE + minute * MINUTE;
          clock.set(t);
          const answer = await answerOf(() => cached.execute(id));
          const next0 = nextTransitionAfter((await collections.listSlices(id)).values(), new Date(t));
          if (typeof answer === 'object' && answer !== null && 'nextChange' in answer) {
            // What a browser may keep (Cache-Control max-age) never reaches past the next transition either.
            const age = maxAgeSeconds(new Date(t), (answer as { nextChange?: Date }).nextChange, 60);
            expect(t + age * 1000).toBeLessThanOrEqual(next0?.getTime() ?? Number.POSITIVE_INFINITY);
          }
          await answers.settled();
          const expiry = cache.expiryOf(activeSliceCacheKey(id));
          expect(expiry).toBeDefined();
          const until = expiry?.getTime() ?? 0;
          const next = nextTransitionAfter((await collections.listSlices(id)).values(), new Date(t));
          expect(until).toBeLessThanOrEqual(Math.min(t + TTL, next?.getTime() ?? Number.POSITIVE_INFINITY));
          expect(until).toBeGreaterThan(t);

          // At any instant while the entry is served, it is what a fresh computation answers.
          const t2 = t + Math.floor(((until - t) * probe) / 1_000);
          if (t2 < until) {
            clock.set(t2);
            expect(await answerOf(() => cached.execute(id))).toEqual(await answerOf(() => fresh.execute(id)));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('ends exactly at a slice’s start and end', async () => {
    const clock = new FakeClock('2026-11-21T12:00:00.000Z');
    const collections = new InMemoryCollectionStore();
    const cache = new InMemorySharedCache(clock);
    const answers = new AnswerCache(cache, clock, { ttlMs: 24 * 60 * MINUTE });
    const getActive = new GetActiveSlice(collections, new InMemoryProductStore(), clock, answers);
    const { id } = await collections.createCollection({ name: 'C', description: '' }, { at: clock.now(), by: 'test' });
    await collections.createSlice(
      id,
      draftSlice({
        name: 'Sexta',
        type: 'MANUAL',
        startsAt: new Date('2026-11-21T15:00:00.000Z'),
        endsAt: new Date('2026-11-21T18:00:00.000Z'),
        products: [],
      }),
      { at: clock.now(), by: 'test' },
    );

    await answerOf(() => getActive.execute(id));
    await answers.settled();
    expect(cache.expiryOf(activeSliceCacheKey(id))).toEqual(new Date('2026-11-21T15:00:00.000Z'));

    clock.set('2026-11-21T15:00:00.000Z');
    expect(((await getActive.execute(id)) as { slice: { name: string } }).slice.name).toBe('Sexta');
    await answers.settled();
    expect(cache.expiryOf(activeSliceCacheKey(id))).toEqual(new Date('2026-11-21T18:00:00.000Z'));

    clock.set('2026-11-21T18:00:00.000Z');
    expect(await answerOf(() => getActive.execute(id))).toBe('NO_ACTIVE_SLICE');
  });
});
