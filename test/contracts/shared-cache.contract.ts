import { describe, expect, it } from 'vitest';
import type { SharedCache } from '../../src/domain/caching/shared-cache.js';
import type { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { freshStorePerTest, type StoreFixture } from './store-factory.js';

export interface SharedCacheFixture extends StoreFixture<SharedCache> {
  readonly clock: FakeClock;
  /** Resolves once stores handed to the cache have landed (a remote cache stores in the background). */
  settled(): Promise<void>;
  /** The same shared cache as another instance (another process) sees it. */
  another(): Promise<SharedCache>;
}

const T = new Date('2026-11-21T12:00:00.000Z');
const at = (ms: number) => new Date(T.getTime() + ms);

/** What every SharedCache must do: serve within validity, forget on invalidation, never store a stale write-back. */
export function sharedCacheContract(adapter: string, factory: () => Promise<SharedCacheFixture>): void {
  describe(`SharedCache contract: ${adapter}`, () => {
    let fixture: SharedCacheFixture;
    const cache = freshStorePerTest(async () => {
      fixture = await factory();
      fixture.clock.set(T);
      return fixture;
    });

    async function put(key: string, value: string, from = T, until = at(60_000)): Promise<void> {
      const { stamp } = await cache().lookup(key);
      cache().store(key, value, { from, until }, stamp);
      await fixture.settled();
    }

    it('misses a key it never stored', async () => {
      expect((await cache().lookup('never')).value).toBeUndefined();
    });

    it('serves what it stored, key by key', async () => {
      await put('a', '{"ok":true,"value":1}');
      await put('b', 'ação: ü');
      expect((await cache().lookup('a')).value).toBe('{"ok":true,"value":1}');
      expect((await cache().lookup('b')).value).toBe('ação: ü');
    });

    it('serves an answer only within its validity, by the clock', async () => {
      await put('k', 'v', at(0), at(5_000));
      fixture.clock.set(at(4_999));
      expect((await cache().lookup('k')).value).toBe('v');
      fixture.clock.set(at(5_000));
      expect((await cache().lookup('k')).value).toBeUndefined();
    });

    it('does not serve an answer before the instant it was computed', async () => {
      await put('k', 'v', at(1_000), at(5_000));
      expect((await cache().lookup('k')).value).toBeUndefined();
      fixture.clock.set(at(1_000));
      expect((await cache().lookup('k')).value).toBe('v');
    });

    it('stores nothing already expired', async () => {
      await put('k', 'v', at(-10_000), at(0));
      expect((await cache().lookup('k')).value).toBeUndefined();
    });

    it('forgets invalidated keys at once, and only those', async () => {
      await put('a', '1');
      await put('b', '2');
      await cache().invalidate(['a', 'unknown']);
      await cache().invalidate([]);
      expect((await cache().lookup('a')).value).toBeUndefined();
      expect((await cache().lookup('b')).value).toBe('2');
    });

    it('drops a write-back computed before an invalidation, and takes one computed after', async () => {
      const { stamp: before } = await cache().lookup('k');
      await cache().invalidate(['k']);
      cache().store('k', 'stale', { from: T, until: at(60_000) }, before);
      await fixture.settled();
      expect((await cache().lookup('k')).value).toBeUndefined();
      const { stamp: after } = await cache().lookup('k');
      cache().store('k', 'fresh', { from: T, until: at(60_000) }, after);
      await fixture.settled();
      expect((await cache().lookup('k')).value).toBe('fresh');
    });

    it('answers what it found with the validity it was stored with', async () => {
      await put('k', 'v', at(-1_000), at(5_000));
      const found = await cache().lookup('k');
      expect({ value: found.value, validity: found.validity }).toEqual({
        value: 'v',
        validity: { from: at(-1_000), until: at(5_000) },
      });
    });

    it("serves what one instance stored to another, and forgets it for both on either one's invalidation", async () => {
      const other = await fixture.another();
      await put('k', 'v');
      expect((await other.lookup('k')).value).toBe('v');
      await other.invalidate(['k']);
      expect((await cache().lookup('k')).value).toBeUndefined();
    });

    it('tells the instances watching it what another instance invalidated', async () => {
      const other = await fixture.another();
      const told = new Promise<readonly string[]>((done) =>
        other.watch({ invalidated: (keys) => done(keys), missedSome: () => {} }),
      );
      await cache().invalidate(['profile:id:u1', 'active:7']);
      expect(await told).toEqual(['profile:id:u1', 'active:7']);
    });

    it('drops a write-back when the key was invalidated while it held an answer', async () => {
      await put('k', 'v1');
      const { stamp } = await cache().lookup('k');
      await cache().invalidate(['k']);
      cache().store('k', 'v1-again', { from: T, until: at(60_000) }, stamp);
      await fixture.settled();
      expect((await cache().lookup('k')).value).toBeUndefined();
    });
  });
}
