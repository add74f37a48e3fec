import { describe, expect, it } from 'vitest';
import { ChangeCounter } from '../../src/adapters/similarity/change-counter.js';
import { ShopperMemory, type ShopperMemorySettings } from '../../src/adapters/similarity/shopper-memory.js';
import { T0 } from '../support/mothers.js';

const MINUTE = 60_000;
const minutes = (n: number) => new Date(T0.getTime() + n * MINUTE);

const TASTE = new Set(['view', 'add_to_cart', 'purchase']);

const memoryOf = (settings: Partial<ShopperMemorySettings> = {}) => new ShopperMemory({ tasteTypes: TASTE, ...settings });

/**
 * An event `n` minutes after T0: `A` is a view, `A:purchase` a purchase; by up_ana unless said
 * (null: no shopper), in a session of its shopper's own unless named.
 */
function event(spec: string, n: number, userId: string | null = 'up_ana', sessionId = `sess-${userId ?? 'anonymous'}`) {
  const [productId = '', type = 'view'] = spec.split(':');
  return { type, productId, sessionId, userId: userId ?? undefined, at: minutes(n) };
}

const recent = (memory: ShopperMemory, userId = 'up_ana') =>
  memory.user(userId)?.recent.map((e) => `${e.productId}:${e.type}@${(e.at.getTime() - T0.getTime()) / MINUTE}`);

describe('the shopper memory: what a shopper did', () => {
  it('keeps a shopper’s views, carts and purchases, oldest first, and what they bought', () => {
    const memory = memoryOf();
    for (const e of [event('A', 0), event('B:add_to_cart', 1), event('B:purchase', 2)]) memory.learn(e);
    expect(recent(memory)).toEqual(['A:view@0', 'B:add_to_cart@1', 'B:purchase@2']);
    expect([...memory.user('up_ana')!.purchased]).toEqual(['B']);
    expect(memory.user('up_nobody')).toBeUndefined();
  });

  it('keeps only the taste types it is given', () => {
    const memory = memoryOf({ tasteTypes: new Set(['purchase']) });
    memory.learn(event('A', 0));
    expect(memory.user('up_ana')).toBeUndefined();
    memory.learn(event('B:purchase', 1));
    expect(recent(memory)).toEqual(['B:purchase@1']);
  });

  it('ignores recommendation clicks, and remembers no shopper for an event without a userId', () => {
    const memory = memoryOf();
    memory.learn(event('A:recommendation_click', 0));
    expect(memory.user('up_ana')).toBeUndefined();
    memory.learn(event('B', 1, null));
    expect(memory.size).toBe(0);
  });

  it('puts an event arriving late in its place in time', () => {
    const memory = memoryOf();
    for (const e of [event('A', 0), event('C', 10), event('B', 5)]) memory.learn(e);
    expect(recent(memory)).toEqual(['A:view@0', 'B:view@5', 'C:view@10']);
  });

  it('keeps an event given twice once, but two events of one instant that differ in type or product both', () => {
    const memory = memoryOf();
    for (const e of [event('A', 0), event('A', 0), event('A:add_to_cart', 0), event('B', 0), event('A', 1)]) memory.learn(e);
    expect(recent(memory)).toEqual(['A:view@0', 'A:add_to_cart@0', 'B:view@0', 'A:view@1']);
  });

  it('changes a shopper’s version with every new event learnt, not with an event given twice', () => {
    const memory = memoryOf();
    memory.learn(event('A', 0));
    const first = memory.user('up_ana')!.version;
    memory.learn(event('A', 0));
    expect(memory.user('up_ana')!.version).toBe(first);
    memory.learn(event('B', 1));
    expect(memory.user('up_ana')!.version).not.toBe(first);
  });
});

describe('the shopper memory: bounds and forgetting', () => {
  it('keeps a shopper’s last recentPerUser events, by time', () => {
    const memory = memoryOf({ recentPerUser: 3 });
    for (const n of [4, 0, 3, 1, 2]) memory.learn(event(`P${n}`, n));
    expect(recent(memory)).toEqual(['P2:view@2', 'P3:view@3', 'P4:view@4']);
  });

  it('keeps the purchasesPerUser latest purchases; buying again makes a purchase the latest', () => {
    const memory = memoryOf({ purchasesPerUser: 2 });
    for (const e of [event('A:purchase', 0), event('B:purchase', 1), event('A:purchase', 2), event('C:purchase', 3)]) {
      memory.learn(e);
    }
    expect([...memory.user('up_ana')!.purchased]).toEqual(['A', 'C']);
  });

  it('forgets the least recently active shopper beyond maxUsers', () => {
    const memory = memoryOf({ maxUsers: 2 });
    memory.learn(event('A', 0, 'up_1'));
    memory.learn(event('A', 1, 'up_2'));
    memory.learn(event('B', 2, 'up_1'));
    memory.learn(event('A', 3, 'up_3'));
    expect(memory.user('up_2')).toBeUndefined();
    expect(recent(memory, 'up_1')).toEqual(['A:view@0', 'B:view@2']);
    expect(recent(memory, 'up_3')).toEqual(['A:view@3']);
    expect(memory.size).toBe(2);
  });

  it('forgets a shopper on erasure, and starts afresh for them after it', () => {
    const memory = memoryOf();
    memory.learn(event('A:purchase', 0));
    memory.learn(event('B', 1));
    memory.learn(event('A', 1, 'up_bia'));
    memory.forgetUser('up_ana');
    memory.forgetUser('up_nobody');
    expect(memory.user('up_ana')).toBeUndefined();
    expect(recent(memory, 'up_bia')).toEqual(['A:view@1']);
    memory.learn(event('C', 2));
    expect(recent(memory)).toEqual(['C:view@2']);
    expect(memory.user('up_ana')!.purchased.size).toBe(0);
  });
});

describe('the shopper memory: a session is its shopper’s from its start', () => {
  it('gives a shopper the events their session sent before it named them, and the ones it sends after without a name', () => {
    const memory = memoryOf();
    memory.learn(event('A', 0, null, 'sess-1'));
    memory.learn(event('B:add_to_cart', 1, null, 'sess-1'));
    memory.learn(event('Z', 1, null, 'sess-other'));
    expect(memory.user('up_ana')).toBeUndefined();
    memory.learn(event('C', 2, 'up_ana', 'sess-1'));
    expect(recent(memory)).toEqual(['A:view@0', 'B:add_to_cart@1', 'C:view@2']);
    memory.learn(event('D:purchase', 3, null, 'sess-1'));
    expect(recent(memory)).toEqual(['A:view@0', 'B:add_to_cart@1', 'C:view@2', 'D:purchase@3']);
    expect([...memory.user('up_ana')!.purchased]).toEqual(['D']);
    // Another session's anonymous events stay nobody's.
    expect(recent(memory)).not.toContainEqual(expect.stringContaining('Z'));
  });

  it('keeps a session for its first shopper: a second name does not take what the first was given', () => {
    const memory = memoryOf();
    memory.learn(event('A', 0, null, 'sess-1'));
    memory.learn(event('B', 1, 'up_ana', 'sess-1'));
    memory.learn(event('C', 2, 'up_bia', 'sess-1'));
    expect(recent(memory)).toEqual(['A:view@0', 'B:view@1']);
    expect(recent(memory, 'up_bia')).toEqual(['C:view@2']);
  });

  it('forgets, with a shopper, the sessions that were theirs: their later anonymous events are nobody’s', () => {
    const memory = memoryOf();
    memory.learn(event('A', 0, null, 'sess-1'));
    memory.learn(event('B', 1, 'up_ana', 'sess-1'));
    memory.forgetUser('up_ana');
    expect(memory.user('up_ana')).toBeUndefined();
    memory.learn(event('C', 2, null, 'sess-1'));
    expect(memory.user('up_ana')).toBeUndefined();
    expect(memory.size).toBe(0);
  });

  it('keeps at most the anonymous events and sessions it is given, the latest', () => {
    const memory = memoryOf({ anonymousPerSession: 2, maxSessions: 2 });
    for (const [spec, n] of [
      ['A', 0],
      ['B', 1],
      ['C', 2],
    ] as const)
      memory.learn(event(spec, n, null, 'sess-1'));
    memory.learn(event('X', 3, null, 'sess-2'));
    memory.learn(event('D', 4, 'up_ana', 'sess-1'));
    expect(recent(memory)).toEqual(['B:view@1', 'C:view@2', 'D:view@4']);
    memory.learn(event('Y', 5, null, 'sess-3')); // sess-2 is the least recently seen: it goes
    memory.learn(event('E', 6, 'up_bia', 'sess-2'));
    expect(recent(memory, 'up_bia')).toEqual(['E:view@6']);
  });

  it('gives every change a version never given before, across memories sharing a counter', () => {
    const counter = new ChangeCounter();
    const first = memoryOf({ counter });
    first.learn(event('A', 0));
    const second = memoryOf({ counter });
    second.learn(event('A', 0));
    expect(second.user('up_ana')!.version).toBeGreaterThan(first.user('up_ana')!.version);
  });
});
