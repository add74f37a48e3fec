import { describe, expect, it } from 'vitest';
import { draftProduct } from '../../src/domain/product/product.js';
import { ValidationError } from '../../src/domain/shared/errors.js';
import { aProductInput } from '../support/mothers.js';

function pathsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error.issues.map((i) => i.path);
    throw error;
  }
  return [];
}

describe('drafting a catalog product', () => {
  it('accepts a complete product and de-duplicates its lists', () => {
    const draft = draftProduct(aProductInput({ tags: ['a', 'b', 'a'], similar: ['X', 'Y', 'X'] }));
    expect(draft.tags).toEqual(['a', 'b']);
    expect(draft.similar).toEqual(['X', 'Y']);
  });

  it('names every problem at once', () => {
    expect(
      pathsOf(() =>
        draftProduct(
          aProductInput({
            id: ' P ',
            name: ' ',
            category: '',
            price: -1,
            tags: [''],
            embedding: [1, Number.NaN],
            similar: ['P-1', ''],
          }),
        ),
      ),
    ).toEqual(['id', 'name', 'category', 'price', 'tags.0', 'embedding', 'similar.1']);
  });

  it('refuses a curated list that names the product itself', () => {
    expect(pathsOf(() => draftProduct(aProductInput({ id: 'P-1', similar: ['P-2', 'P-1'] })))).toEqual(['similar.1']);
  });
});
