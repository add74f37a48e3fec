import { describe, expect, it } from 'vitest';
import { textHash } from '../../src/domain/shared/text-hash.js';

describe('textHash', () => {
  it('gives a text the same hash every time, within 53 bits', () => {
    const text = JSON.stringify({ catalog: ['SKU-1', 'SKU-2'], scores: [0.5, 0.25] });
    expect(textHash(text)).toBe(textHash(String(text)));
    expect(Number.isSafeInteger(textHash(text))).toBe(true);
  });

  it('tells apart texts that differ by one character, or by order', () => {
    const hashes = new Set<number>();
    for (let i = 0; i < 20_000; i++) hashes.add(textHash(`SKU-${i}\nSKU-${i + 1}`));
    expect(hashes.size).toBe(20_000);
    expect(textHash('a\nb')).not.toBe(textHash('b\na'));
    expect(textHash('')).not.toBe(textHash(' '));
  });
});
