import { describe, expect, it } from 'vitest';
import { Remembered } from '../../src/application/shared/remembered.js';

describe('remembered results', () => {
  it('computes a key once, keeps what it computed (nothing included), and empties itself when full', () => {
    const remembered = new Remembered<string | null>(2);
    let computed = 0;
    const compute = (value: string | null) => () => {
      computed++;
      return value;
    };
    expect(remembered.get('a', compute('A'))).toBe('A');
    expect(remembered.get('a', compute('other'))).toBe('A');
    expect(remembered.get('b', compute(null))).toBeNull();
    expect(remembered.get('b', compute('other'))).toBeNull();
    expect(computed).toBe(2);
    remembered.get('c', compute('C'));
    expect(remembered.get('a', compute('A again'))).toBe('A again');
    expect(computed).toBe(4);
  });

  it('does not keep a long key, so no one request can fill the memory', () => {
    const remembered = new Remembered<number>(10);
    let computed = 0;
    const long = 'x'.repeat(257);
    remembered.get(long, () => ++computed);
    remembered.get(long, () => ++computed);
    expect(computed).toBe(2);
  });
});
