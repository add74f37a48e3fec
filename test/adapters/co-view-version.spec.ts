import { describe, expect, it } from 'vitest';
import { CoViewIndex, type BehaviourEvent } from '../../src/adapters/similarity/co-view-index.js';

const T0 = Date.parse('2026-11-21T12:00:00.000Z');
const MINUTE = 60_000;

/** A session's events, one a minute from `start`: `A` is a view, `A:add_to_cart` a cart. */
function session(sessionId: string, products: readonly string[], start = T0): BehaviourEvent[] {
  return products.map((spec, i) => {
    const [productId = '', type = 'view'] = spec.split(':');
    return { sessionId, productId, type, at: start + i * MINUTE };
  });
}

describe('the co-view index: the version of a product', () => {
  it('is 0 for a product never seen', () => {
    expect(new CoViewIndex().versionOf('UNKNOWN')).toBe(0);
  });

  it('changes for both products when a session pairs them', () => {
    const index = new CoViewIndex();
    index.addAll(session('S1', ['A']));
    const a = index.versionOf('A');
    index.addAll(session('S1', ['B'], T0 + MINUTE));
    expect(index.versionOf('A')).not.toBe(a);
    const b = index.versionOf('B');
    index.addAll(session('S2', ['B', 'A'], T0 + 2 * MINUTE));
    expect(index.versionOf('B')).not.toBe(b);
  });

  it('changes when a stronger event raises the product in a session that paired it', () => {
    const index = new CoViewIndex();
    index.addAll(session('S1', ['A', 'B']));
    const a = index.versionOf('A');
    index.addAll(session('S1', ['B:add_to_cart'], T0 + 2 * MINUTE));
    expect(index.versionOf('A')).not.toBe(a);
  });

  it('stays the same for events that do not touch the product: other sessions, a repeated view, an event without a weight', () => {
    const index = new CoViewIndex();
    index.addAll(session('S1', ['A', 'B']));
    const a = index.versionOf('A');
    index.addAll(session('S2', ['C', 'D']));
    index.addAll(session('S1', ['A', 'B'], T0 + 2 * MINUTE));
    index.addAll(session('S1', ['A:recommendation_click'], T0 + 4 * MINUTE));
    expect(index.versionOf('A')).toBe(a);
  });

  it('changes when a partner is removed, and not when an unrelated product is', () => {
    const index = new CoViewIndex();
    index.addAll([...session('S1', ['A', 'B']), ...session('S2', ['C', 'D'])]);
    const a = index.versionOf('A');
    index.remove('C');
    expect(index.versionOf('A')).toBe(a);
    index.remove('B');
    expect(index.versionOf('A')).not.toBe(a);
    expect(index.versionOf('B')).toBe(0);
  });
});
