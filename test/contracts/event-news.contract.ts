import { describe, expect, it } from 'vitest';
import type { EventNews } from '../../src/domain/events/event-news.js';
import type { ShopperEvent } from '../../src/domain/events/shopper-event.js';
import { awaitable } from './news-listener.js';
import { freshStorePerTest, type StoreFixture } from './store-factory.js';

/** Several instances' ends of one channel of event news. */
export interface EventNewsFixture extends StoreFixture<EventNews> {
  /** Another instance's end of the same channel. */
  another(): Promise<EventNews>;
  /** Cuts this instance's link to the others, as a dropped connection would (it comes back by itself). */
  dropLink(): Promise<void>;
}

/** What a listener heard, and a way to wait for the next thing it hears. */
function listenTo(news: EventNews) {
  const received: ShopperEvent[][] = [];
  const erased: string[][] = [];
  let missed = 0;
  let empty = 0;
  const { check, until } = awaitable();
  news.subscribe({
    received: (events) => {
      if (events.length === 0) empty++;
      received.push([...events]);
      check();
    },
    erased: (userIds) => {
      if (userIds.length === 0) empty++;
      erased.push([...userIds]);
      check();
    },
    missedSome: () => {
      missed++;
      check();
    },
  });
  return {
    /** Every event heard, in the order heard (however the news was cut into messages). */
    events: () => received.flat(),
    erased: () => erased.flat(),
    missed: () => missed,
    /** How many times it was told of no events or no shoppers. */
    empty: () => empty,
    /** Resolves once `done()` holds (checked at each thing heard). */
    until,
  };
}

const AT = new Date('2026-11-21T12:34:56.789Z');

/** Events as an instance has stored them: a view and a purchase by a shopper, a click, a view with nobody known. */
const EVENTS: readonly ShopperEvent[] = [
  { type: 'view', productId: 'VES-002', sessionId: 'sess-1', userId: 'up_ana', at: AT },
  { type: 'purchase', productId: 'SAN-005', sessionId: 'sess-1', userId: 'up_ana', at: new Date(AT.getTime() + 1) },
  {
    type: 'recommendation_click',
    productId: 'BOL-006',
    sessionId: 'sess-2',
    userId: 'up_bruno',
    at: new Date(AT.getTime() + 60_000),
    recommendationId: '0a1b2c3d4e-1z.VkVTLTAwMg',
  },
  { type: 'add_to_cart', productId: 'ACE-010', sessionId: 'sess-3', at: new Date(0) },
  // Text that is not plain: quotes, a brace, accents, an emoji; one userId starting as an erasure would.
  { type: 'view', productId: 'Sandália "Rasteira" {ÇÃO} 👡', sessionId: 'sessão\n2', userId: '{"x":"up"}', at: AT },
];

/**
 * What every EventNews must do: each instance hears the events the others recorded, each as it
 * was (its instant the same instant, its shopper and recommendation kept), and the shoppers they
 * erased; never its own news back; and a lost link is told.
 */
export function eventNewsContract(adapter: string, factory: () => Promise<EventNewsFixture>): void {
  describe(`EventNews contract: ${adapter}`, () => {
    let fixture: EventNewsFixture;
    const news = freshStorePerTest(async () => {
      fixture = await factory();
      return fixture;
    });

    it("tells every other instance the events recorded, each as it was, and not the instance's own back to it", async () => {
      const [second, third] = [await fixture.another(), await fixture.another()];
      const [first, heardBySecond, heardByThird] = [listenTo(news()), listenTo(second), listenTo(third)];
      await news().publish(EVENTS);
      await heardBySecond.until(() => heardBySecond.events().length === EVENTS.length);
      await heardByThird.until(() => heardByThird.events().length === EVENTS.length);
      for (const heard of [heardBySecond, heardByThird]) {
        expect(heard.events()).toEqual(EVENTS);
        heard.events().forEach((event, i) => {
          expect(event.at).toBeInstanceOf(Date);
          expect(event.at.getTime()).toBe(EVENTS[i]!.at.getTime());
        });
        // Nothing the event did not have: no shopper where none was known, no recommendation but a click's.
        expect(heard.events()[3]).not.toHaveProperty('userId');
        expect(heard.events().filter((e) => 'recommendationId' in e)).toHaveLength(1);
        expect(heard.erased()).toEqual([]);
      }
      // The second's news goes out after the first's: by the time it arrives, any echo would have too.
      await second.publish([EVENTS[0]!]);
      await first.until(() => first.events().length === 1);
      expect(first.events()).toEqual([EVENTS[0]]);
      await heardByThird.until(() => heardByThird.events().length === EVENTS.length + 1);
      expect(heardBySecond.events()).toEqual(EVENTS);
    });

    it("tells every other instance which shoppers were erased, and not the instance's own back to it", async () => {
      const [second, third] = [await fixture.another(), await fixture.another()];
      const [first, heardBySecond, heardByThird] = [listenTo(news()), listenTo(second), listenTo(third)];
      await news().publishErased(['up_ana', '{"x":"up"}']);
      await heardBySecond.until(() => heardBySecond.erased().length === 2);
      await heardByThird.until(() => heardByThird.erased().length === 2);
      for (const heard of [heardBySecond, heardByThird]) {
        expect(heard.erased()).toEqual(['up_ana', '{"x":"up"}']);
        // An erasure is not an event.
        expect(heard.events()).toEqual([]);
      }
      await second.publishErased(['up_bruno']);
      await first.until(() => first.erased().length === 1);
      expect(first.erased()).toEqual(['up_bruno']);
      await heardByThird.until(() => heardByThird.erased().length === 3);
      expect(heardBySecond.erased()).toEqual(['up_ana', '{"x":"up"}']);
    });

    it('keeps events and erasures apart, in the order they were published', async () => {
      const other = listenTo(await fixture.another());
      await news().publish([EVENTS[0]!]);
      await news().publishErased(['up_ana']);
      await news().publish([EVENTS[2]!]);
      await other.until(() => other.events().length === 2 && other.erased().length === 1);
      expect(other.events()).toEqual([EVENTS[0], EVENTS[2]]);
      expect(other.erased()).toEqual(['up_ana']);
    });

    it('sends nothing for no events and no shoppers', async () => {
      const other = listenTo(await fixture.another());
      await news().publish([]);
      await news().publishErased([]);
      await news().publish([EVENTS[1]!]);
      await other.until(() => other.events().length === 1);
      expect(other.events()).toEqual([EVENTS[1]]);
      expect(other.erased()).toEqual([]);
      expect(other.empty()).toBe(0);
    });

    it('tells its listeners that news may have been missed when its link to the others drops', async () => {
      const own = listenTo(news());
      await fixture.dropLink();
      await own.until(() => own.missed() > 0);
      expect(own.missed()).toBeGreaterThan(0);
    });
  });
}
