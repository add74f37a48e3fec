import { describe, expect, it } from 'vitest';
import type { ListsChange, ListsNews, PopularList, ProductLists, SharedLists } from '../../src/domain/product/shared-lists.js';
import { heardBy } from './news-listener.js';
import { freshStorePerTest, type StoreFixture } from './store-factory.js';

/** One deployment's shared lists, as several instances see them. */
export interface SharedListsFixture extends StoreFixture<SharedLists> {
  /** The same lists as another instance (another process) sees them. */
  another(): Promise<SharedLists>;
  /** Lets `ms` milliseconds pass for the store (a fake clock moved, or real time waited). */
  pass(ms: number): Promise<void>;
  /** Cuts this instance's link to the others' news, as a dropped connection would (it comes back by itself). */
  dropLink(): Promise<void>;
}

/** The lease's time to live in the contract: long enough for a real store's round trips, short enough to wait out. */
const TTL = 1_000;

export function productLists(id: string, overrides: Partial<ProductLists> = {}): ProductLists {
  return {
    product: { id, category: 'shoes', brand: 'Acme', name: `Product ${id}`, available: true },
    catalog: { ids: [`${id}-c1`, `${id}-c2`], source: 'embedding' },
    category: [`${id}-k1`],
    behaviour: { ids: [`${id}-b1`, `${id}-b2`], scores: [0.75, 0.5] },
    evidence: 12,
    stamp: 1,
    ...overrides,
  };
}

function change(overrides: Partial<ListsChange> = {}): ListsChange {
  return { products: [], removed: [], popular: [], ...overrides };
}

/** What a listener of the lists' news heard, and a way to wait for the next thing it hears. */
function listenTo(lists: SharedLists) {
  return heardBy<ListsNews, ListsNews>(
    (listener) => lists.subscribe(listener),
    (news) => ({ products: [...news.products], popular: [...news.popular] }),
  );
}

/**
 * What every SharedLists must do: one holder of the lease at a time, each new one with a greater
 * version; writes fenced by that version; the lists read back as published, by every instance; the
 * news of each publication told to every instance, the publisher's own included.
 */
export function sharedListsContract(adapter: string, factory: () => Promise<SharedListsFixture>): void {
  describe(`SharedLists contract: ${adapter}`, () => {
    let fixture: SharedListsFixture;
    const lists = freshStorePerTest(async () => {
      fixture = await factory();
      return fixture;
    });

    it('gives the lease to one holder at a time, and answers undefined to the others', async () => {
      const other = await fixture.another();
      const lease = await lists().claim('builder-a', TTL);
      expect(lease).toEqual({ holder: 'builder-a', version: expect.any(Number) });
      expect(await other.claim('builder-b', TTL)).toBeUndefined();
      expect(await lists().claim('builder-c', TTL)).toBeUndefined();
    });

    it('keeps the lease for its holder when renewed, with the same version, past the first time to live', async () => {
      const other = await fixture.another();
      const first = await lists().claim('builder-a', TTL);
      await fixture.pass(TTL * 0.6);
      expect(await lists().claim('builder-a', TTL)).toEqual(first);
      await fixture.pass(TTL * 0.6);
      // 1.2 TTL after the claim, 0.6 after the renewal: still held.
      expect(await other.claim('builder-b', TTL)).toBeUndefined();
      await fixture.pass(TTL * 0.6);
      const taken = await other.claim('builder-b', TTL);
      expect(taken?.holder).toBe('builder-b');
      expect(taken!.version).toBeGreaterThan(first!.version);
    });

    it('gives a lapsed lease to another holder with a greater version, and fences the old holder out of every write', async () => {
      const other = await fixture.another();
      const watching = listenTo(other);
      const old = (await lists().claim('builder-a', TTL))!;
      expect(await lists().publish(old, change({ products: [productLists('P-0')] }))).toBe(true);
      await fixture.pass(TTL * 1.2);
      const taken = (await other.claim('builder-b', TTL))!;
      expect(taken.holder).toBe('builder-b');
      expect(taken.version).toBeGreaterThan(old.version);
      // However late the old holder wakes up, it writes nothing.
      expect(
        await lists().publish(
          old,
          change({
            products: [productLists('P-1')],
            removed: ['P-0'],
            popular: [{ category: undefined, ids: ['P-1'], stamp: 2 }],
          }),
        ),
      ).toBe(false);
      expect(await lists().publish(old, change())).toBe(false);
      expect(await lists().markComplete(old)).toBe(false);
      expect(await other.complete()).toBe(false);
      expect([...(await other.products(['P-0', 'P-1'])).keys()]).toEqual(['P-0']);
      expect((await other.popular([undefined])).size).toBe(0);
      // Nor does the old holder claiming again get the old version back: it waits for the new one's lease.
      expect(await lists().claim('builder-a', TTL)).toBeUndefined();
      // The news of a refused publication is not told: the next one heard is the new holder's.
      expect(await other.publish(taken, change({ products: [productLists('P-2')] }))).toBe(true);
      await watching.until(() => watching.heard.length === 2);
      expect(watching.heard).toEqual([
        { products: ['P-0'], popular: [] },
        { products: ['P-2'], popular: [] },
      ]);
    });

    it('gives its own lapsed lease back to a holder with a greater version, and fences the older one', async () => {
      const first = (await lists().claim('builder-a', TTL))!;
      await fixture.pass(TTL * 1.2);
      const again = (await lists().claim('builder-a', TTL))!;
      expect(again.version).toBeGreaterThan(first.version);
      expect(await lists().publish(first, change({ products: [productLists('P-1')] }))).toBe(false);
      expect(await lists().publish(again, change({ products: [productLists('P-1')] }))).toBe(true);
    });

    it('lets another holder take a released lease at once, with a greater version', async () => {
      const other = await fixture.another();
      const lease = (await lists().claim('builder-a', TTL))!;
      await lists().release(lease);
      const taken = (await other.claim('builder-b', TTL))!;
      expect(taken.holder).toBe('builder-b');
      expect(taken.version).toBeGreaterThan(lease.version);
      expect(await lists().publish(lease, change({ products: [productLists('P-1')] }))).toBe(false);
    });

    it('does nothing when the lease released is no longer the holder’s', async () => {
      const other = await fixture.another();
      const old = (await lists().claim('builder-a', TTL))!;
      await fixture.pass(TTL * 1.2);
      const taken = (await other.claim('builder-b', TTL))!;
      await lists().release(old);
      // Another holder's name with the current version is not the lease either.
      await lists().release({ holder: 'builder-a', version: taken.version });
      expect(await lists().claim('builder-c', TTL)).toBeUndefined();
      expect(await other.claim('builder-b', TTL)).toEqual(taken);
      expect(await other.publish(taken, change({ products: [productLists('P-1')] }))).toBe(true);
    });

    it('lets the holder publish under a released lease while no later one was given', async () => {
      const lease = (await lists().claim('builder-a', TTL))!;
      await lists().release(lease);
      expect(await lists().publish(lease, change({ products: [productLists('P-1')] }))).toBe(true);
      expect(await lists().markComplete(lease)).toBe(true);
    });

    it('reads back what was published, from every instance, and forgets what was removed', async () => {
      const other = await fixture.another();
      const lease = (await lists().claim('builder-a', TTL))!;
      const published = [
        productLists('P-1'),
        productLists('P-2', {
          product: { id: 'P-2', available: false },
          catalog: undefined,
          category: [],
          behaviour: { ids: [], scores: [] },
          evidence: 0,
          stamp: 7,
        }),
        productLists('ação-ü', { product: { id: 'ação-ü', category: 'camisetas', name: 'Camiseta "leve"', available: true } }),
        ...Array.from({ length: 40 }, (_, i) => productLists(`M-${i}`)),
      ];
      expect(await lists().publish(lease, change({ products: published }))).toBe(true);
      const ids = published.map((lists) => lists.product.id);
      const read = await other.products([...ids, 'unknown']);
      expect(read.size).toBe(published.length);
      for (const lists of published) expect(read.get(lists.product.id)).toEqual(lists);
      expect(await other.products([])).toEqual(new Map());

      const rewritten = productLists('P-1', { category: ['P-9'], stamp: 2 });
      expect(await lists().publish(lease, change({ products: [rewritten], removed: ['P-2', 'M-3', 'never'] }))).toBe(true);
      const after = await other.products(['P-1', 'P-2', 'M-3', 'M-4']);
      expect([...after.keys()].sort()).toEqual(['M-4', 'P-1']);
      expect(after.get('P-1')).toEqual(rewritten);
    });

    it('reads back the popular lists published, the overall one keyed by the empty string', async () => {
      const other = await fixture.another();
      const lease = (await lists().claim('builder-a', TTL))!;
      const overall: PopularList = { category: undefined, ids: ['P-1', 'P-2'], stamp: 1 };
      const shoes: PopularList = { category: 'shoes', ids: ['P-2'], stamp: 1 };
      const empty: PopularList = { category: 'hats', ids: [], stamp: 3 };
      expect(await lists().publish(lease, change({ popular: [overall, shoes, empty] }))).toBe(true);
      const read = await other.popular([undefined, 'shoes', 'hats', 'socks']);
      expect([...read.keys()].sort()).toEqual(['', 'hats', 'shoes']);
      expect(read.get('')?.ids).toEqual(['P-1', 'P-2']);
      expect(read.get('')?.category).toBeUndefined();
      expect(read.get('')?.stamp).toBe(1);
      expect(read.get('shoes')).toEqual(shoes);
      expect(read.get('hats')).toEqual(empty);
      const newer: PopularList = { category: 'shoes', ids: ['P-3', 'P-2'], stamp: 2 };
      expect(await lists().publish(lease, change({ popular: [newer] }))).toBe(true);
      expect((await other.popular(['shoes'])).get('shoes')).toEqual(newer);
      expect(await other.popular([])).toEqual(new Map());
    });

    it("tells every instance's listeners the news of each publication, the publisher's own included, once", async () => {
      const [second, third] = [await fixture.another(), await fixture.another()];
      const [own, bySecond, byThird] = [listenTo(lists()), listenTo(second), listenTo(third)];
      const lease = (await lists().claim('builder-a', TTL))!;
      await lists().publish(
        lease,
        change({
          products: [productLists('P-1'), productLists('P-2')],
          removed: ['P-3'],
          popular: [
            { category: undefined, ids: ['P-1'], stamp: 1 },
            { category: 'shoes', ids: ['P-2'], stamp: 1 },
          ],
        }),
      );
      const news = { products: ['P-1', 'P-2', 'P-3'], popular: ['', 'shoes'] };
      for (const listener of [own, bySecond, byThird]) {
        await listener.until(() => listener.heard.length === 1);
        expect(listener.heard).toEqual([news]);
      }
      // The second instance's publication goes out after the first's: by the time the first
      // hears it, any echo of its own would have come too.
      await lists().release(lease);
      const next = (await second.claim('builder-b', TTL))!;
      await second.publish(next, change({ removed: ['P-1'] }));
      for (const listener of [own, bySecond, byThird]) {
        await listener.until(() => listener.heard.length === 2);
        expect(listener.heard).toEqual([news, { products: ['P-1'], popular: [] }]);
      }
    });

    it('tells nothing of an empty publication', async () => {
      const [own, other] = [listenTo(lists()), listenTo(await fixture.another())];
      const lease = (await lists().claim('builder-a', TTL))!;
      expect(await lists().publish(lease, change())).toBe(true);
      await lists().publish(lease, change({ popular: [{ category: 'hats', ids: [], stamp: 1 }] }));
      for (const listener of [own, other]) {
        await listener.until(() => listener.heard.length === 1);
        expect(listener.heard).toEqual([{ products: [], popular: ['hats'] }]);
      }
    });

    it('tells its listeners that news may have been missed when its link to the others drops', async () => {
      const own = listenTo(lists());
      await fixture.dropLink();
      await own.until(() => own.missed() > 0);
      expect(own.missed()).toBeGreaterThan(0);
    });

    it('reads as incomplete until the holder marks the lists whole, then as complete for every instance', async () => {
      const other = await fixture.another();
      expect(await lists().complete()).toBe(false);
      const lease = (await lists().claim('builder-a', TTL))!;
      await lists().publish(lease, change({ products: [productLists('P-1')] }));
      expect(await other.complete()).toBe(false);
      expect(await lists().markComplete(lease)).toBe(true);
      expect(await other.complete()).toBe(true);
      expect(await lists().complete()).toBe(true);
    });
  });
}
