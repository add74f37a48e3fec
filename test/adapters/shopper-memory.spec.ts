import { describe, expect, it } from 'vitest';
import { ShopperMemory } from '../../src/adapters/similarity/shopper-memory.js';
import { T0 } from '../support/mothers.js';

const MINUTE = 60_000;
const minutes = (n: number) => new Date(T0.getTime() + n * MINUTE);

/** An event `n` minutes after T0: `A` is a view, `A:purchase` a purchase; by up_ana in session S1 unless said (null: no shopper). */
function event(spec: string, n: number, userId: string | null = 'up_ana', sessionId = 'S1') {
  const [productId = '', type = 'view'] = spec.split(':');
  return { type, productId, sessionId, userId: userId ?? undefined, at: minutes(n) };
}

const recent = (memory: ShopperMemory, userId = 'up_ana') =>
  memory.user(userId)?.recent.map((e) => `${e.productId}:${e.type}@${(e.at.getTime() - T0.getTime()) / MINUTE}`);

const viewed = (memory: ShopperMemory, sessionId = 'S1') =>
  [...(memory.session(sessionId)?.viewed ?? [])].map(([id, at]) => `${id}@${(at.getTime() - T0.getTime()) / MINUTE}`);

describe('the shopper memory: what a shopper did', () => {
  it('keeps a shopper’s views, carts and purchases, oldest first, and what they bought', () => {
    const memory = new ShopperMemory();
    for (const e of [event('A', 0), event('B:add_to_cart', 1), event('B:purchase', 2)]) memory.learn(e);
    expect(recent(memory)).toEqual(['A:view@0', 'B:add_to_cart@1', 'B:purchase@2']);
    expect([...memory.user('up_ana')!.purchased]).toEqual(['B']);
    expect(memory.user('up_nobody')).toBeUndefined();
  });

  it('ignores recommendation clicks, and remembers no shopper for an event without a userId', () => {
    const memory = new ShopperMemory();
    memory.learn(event('A:recommendation_click', 0));
    expect(memory.user('up_ana')).toBeUndefined();
    expect(memory.session('S1')).toBeUndefined();
    memory.learn(event('B', 1, null));
    expect(memory.stats).toEqual({ users: 0, sessions: 1 });
  });

  it('puts an event arriving late in its place in time', () => {
    const memory = new ShopperMemory();
    for (const e of [event('A', 0), event('C', 10), event('B', 5)]) memory.learn(e);
    expect(recent(memory)).toEqual(['A:view@0', 'B:view@5', 'C:view@10']);
  });

  it('keeps an event given twice once, but two events of one instant that differ in type or product both', () => {
    const memory = new ShopperMemory();
    for (const e of [event('A', 0), event('A', 0), event('A:add_to_cart', 0), event('B', 0), event('A', 1)]) memory.learn(e);
    expect(recent(memory)).toEqual(['A:view@0', 'A:add_to_cart@0', 'B:view@0', 'A:view@1']);
  });
});

describe('the shopper memory: what a session viewed', () => {
  it('keeps each product’s last view, moved to the end when viewed again; carts and purchases are not views', () => {
    const memory = new ShopperMemory();
    for (const e of [event('A', 0), event('B', 1), event('A', 2), event('C:add_to_cart', 3), event('D:purchase', 4)]) {
      memory.learn(e);
    }
    expect(viewed(memory)).toEqual(['B@1', 'A@2']);
  });

  it('does not move a view back in time when an older one arrives late', () => {
    const memory = new ShopperMemory();
    memory.learn(event('A', 5));
    memory.learn(event('A', 1));
    expect(viewed(memory)).toEqual(['A@5']);
  });

  it('keeps sessions apart, whoever the shopper', () => {
    const memory = new ShopperMemory();
    memory.learn(event('A', 0, 'up_ana', 'S1'));
    memory.learn(event('B', 1, 'up_ana', 'S2'));
    expect(viewed(memory, 'S1')).toEqual(['A@0']);
    expect(viewed(memory, 'S2')).toEqual(['B@1']);
    expect(recent(memory)).toEqual(['A:view@0', 'B:view@1']);
  });
});

describe('the shopper memory: bounds and forgetting', () => {
  it('keeps a shopper’s last recentPerUser events, by time', () => {
    const memory = new ShopperMemory({ recentPerUser: 3 });
    for (const n of [4, 0, 3, 1, 2]) memory.learn(event(`P${n}`, n));
    expect(recent(memory)).toEqual(['P2:view@2', 'P3:view@3', 'P4:view@4']);
  });

  it('keeps the purchasesPerUser latest purchases; buying again makes a purchase the latest', () => {
    const memory = new ShopperMemory({ purchasesPerUser: 2 });
    for (const e of [event('A:purchase', 0), event('B:purchase', 1), event('A:purchase', 2), event('C:purchase', 3)]) {
      memory.learn(e);
    }
    expect([...memory.user('up_ana')!.purchased]).toEqual(['A', 'C']);
  });

  it('keeps the viewsPerSession products viewed last', () => {
    const memory = new ShopperMemory({ viewsPerSession: 2 });
    for (const e of [event('A', 0), event('B', 1), event('A', 2), event('C', 3)]) memory.learn(e);
    expect(viewed(memory)).toEqual(['A@2', 'C@3']);
  });

  it('forgets the least recently active shopper beyond maxUsers', () => {
    const memory = new ShopperMemory({ maxUsers: 2 });
    memory.learn(event('A', 0, 'up_1'));
    memory.learn(event('A', 1, 'up_2'));
    memory.learn(event('B', 2, 'up_1'));
    memory.learn(event('A', 3, 'up_3'));
    expect(memory.user('up_2')).toBeUndefined();
    expect(recent(memory, 'up_1')).toEqual(['A:view@0', 'B:view@2']);
    expect(memory.stats.users).toBe(2);
  });

  it('forgets the least recently active session beyond maxSessions', () => {
    const memory = new ShopperMemory({ maxSessions: 2 });
    memory.learn(event('A', 0, null, 'S1'));
    memory.learn(event('A', 1, null, 'S2'));
    memory.learn(event('B', 2, null, 'S1'));
    memory.learn(event('A', 3, null, 'S3'));
    expect(memory.session('S2')).toBeUndefined();
    expect(viewed(memory, 'S1')).toEqual(['A@0', 'B@2']);
    expect(memory.stats.sessions).toBe(2);
  });

  it('forgets a shopper on erasure, their sessions’ views staying (they name no one)', () => {
    const memory = new ShopperMemory();
    memory.learn(event('A:purchase', 0));
    memory.learn(event('B', 1));
    memory.forgetUser('up_ana');
    memory.forgetUser('up_nobody');
    expect(memory.user('up_ana')).toBeUndefined();
    expect(viewed(memory)).toEqual(['B@1']);
    memory.learn(event('C', 2));
    expect(recent(memory)).toEqual(['C:view@2']);
    expect(memory.user('up_ana')!.purchased.size).toBe(0);
  });
});
