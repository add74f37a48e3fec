import { describe, expect, it } from 'vitest';
import { ChangeCounter } from '../../src/adapters/similarity/change-counter.js';
import { aPlainProduct } from '../support/mothers.js';

describe('the change counter', () => {
  it('cannot tell what changed until asked to keep a log, nor before it began', () => {
    const counter = new ChangeCounter();
    const before = counter.current;
    counter.nextForProduct('A');
    expect(counter.changedSince(before)).toBeUndefined();
    counter.keepLog();
    expect(counter.changedSince(before)).toBeUndefined();
  });

  it('tells the products stamped after a value, each once, and the versions that came to or left each category', () => {
    const counter = new ChangeCounter();
    counter.keepLog();
    counter.nextForProduct('A');
    const since = counter.current;
    const stamp = counter.nextForProduct('B');
    counter.alsoFor('C', stamp);
    counter.nextForProduct('B');
    const before = aPlainProduct('D', { category: 'vestidos', price: 10 });
    const after = { ...before, price: 12 };
    counter.nextForCategory('vestidos', before);
    counter.nextForCategory('vestidos', after);
    counter.next(); // a stamp of nothing the log follows (a popular list, a shopper)
    expect(counter.changedSince(since)).toEqual({
      products: new Set(['B', 'C']),
      categories: new Map([['vestidos', [after, before]]]),
    });
    expect(counter.changedSince(counter.current)).toEqual({ products: new Set(), categories: new Map() });
  });

  it('cannot tell across a change of everything, nor past what it had room for', () => {
    const counter = new ChangeCounter();
    counter.keepLog();
    const start = counter.current;
    counter.nextForProduct('A');
    counter.nextForEverything();
    const after = counter.current;
    counter.nextForProduct('B');
    expect(counter.changedSince(start)).toBeUndefined();
    expect(counter.changedSince(after)?.products).toEqual(new Set(['B']));
    for (let i = 0; i < 200_001; i++) counter.nextForProduct(`P${i % 1000}`);
    expect(counter.changedSince(after)).toBeUndefined();
    const recent = counter.current;
    counter.nextForProduct('Z');
    expect(counter.changedSince(recent)?.products).toEqual(new Set(['Z']));
  });
});
