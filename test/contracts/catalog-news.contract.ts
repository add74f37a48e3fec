import { describe, expect, it } from 'vitest';
import type { CatalogNews } from '../../src/domain/product/catalog-news.js';
import { heardBy } from './news-listener.js';
import { freshStorePerTest, type StoreFixture } from './store-factory.js';

/** Several instances' ends of one channel of catalog news. */
export interface CatalogNewsFixture extends StoreFixture<CatalogNews> {
  /** Another instance's end of the same channel. */
  another(): Promise<CatalogNews>;
  /** Cuts this instance's link to the others, as a dropped connection would (it comes back by itself). */
  dropLink(): Promise<void>;
}

/** What a listener heard, and a way to wait for the next thing it hears. */
function listenTo(news: CatalogNews) {
  return heardBy<readonly string[], string[]>(
    (listener) => news.subscribe(listener),
    (ids) => [...ids],
  );
}

/** What every CatalogNews must do: each instance hears the others' news, not its own; a lost link is told. */
export function catalogNewsContract(adapter: string, factory: () => Promise<CatalogNewsFixture>): void {
  describe(`CatalogNews contract: ${adapter}`, () => {
    let fixture: CatalogNewsFixture;
    const news = freshStorePerTest(async () => {
      fixture = await factory();
      return fixture;
    });

    it("tells every other instance which products changed, and not the instance's own news back to it", async () => {
      const [second, third] = [await fixture.another(), await fixture.another()];
      const [first, heardBySecond, heardByThird] = [listenTo(news()), listenTo(second), listenTo(third)];
      await news().publish(['P-1', 'P-2']);
      await heardBySecond.until(() => heardBySecond.heard.length === 1);
      await heardByThird.until(() => heardByThird.heard.length === 1);
      expect(heardBySecond.heard).toEqual([['P-1', 'P-2']]);
      expect(heardByThird.heard).toEqual([['P-1', 'P-2']]);
      // The second's news goes out after the first's: by the time it arrives, any echo would have too.
      await second.publish(['P-3']);
      await first.until(() => first.heard.length === 1);
      expect(first.heard).toEqual([['P-3']]);
      await heardByThird.until(() => heardByThird.heard.length === 2);
      expect(heardBySecond.heard).toEqual([['P-1', 'P-2']]);
    });

    it('sends nothing for an empty change', async () => {
      const other = listenTo(await fixture.another());
      await news().publish([]);
      await news().publish(['P-9']);
      await other.until(() => other.heard.length === 1);
      expect(other.heard).toEqual([['P-9']]);
    });

    it('tells its listeners that news may have been missed when its link to the others drops', async () => {
      const own = listenTo(news());
      await fixture.dropLink();
      await own.until(() => own.missed() > 0);
      expect(own.missed()).toBeGreaterThan(0);
    });
  });
}
