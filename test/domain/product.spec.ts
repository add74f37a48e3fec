import { describe, expect, it } from 'vitest';
import { draftProduct, imageUrlProblem } from '../../src/domain/product/product.js';
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

  const UNESCAPED =
    'must be an absolute http or https URL, with no spaces, quotes, angle brackets or backslashes (escape them: %20, %22, %3C ...)';
  it.each<[string, string | undefined]>([
    ['https://cdn.loja.com.br/p/VES-001.jpg', undefined],
    ['http://imagens.example/1.png', undefined],
    ['javascript:alert(1)', 'must be an absolute http or https URL'],
    ['data:image/png;base64,AAAA', 'must be an absolute http or https URL'],
    ['/relative/image.png', 'must be an absolute http or https URL'],
    ['ftp://files.example/1.png', 'must be an absolute http or https URL'],
    [`https://cdn.example/${'x'.repeat(2048)}`, 'must be at most 2048 characters'],
    ['https://cdn.example/p.jpg?v=%22x%22', undefined],
    ['https://cdn.example/p.jpg" onerror="alert(1)', UNESCAPED],
    ['https://cdn.example/a b.jpg', UNESCAPED],
    ['https://cdn.example/<img>.jpg', UNESCAPED],
    ["https://cdn.example/p'.jpg", UNESCAPED],
  ])('takes an image URL %s only when it is absolute http(s)', (imageUrl, problem) => {
    expect(imageUrlProblem(imageUrl)).toBe(problem);
    const drafted = () => draftProduct(aProductInput({ imageUrl }));
    if (problem === undefined) expect(drafted().imageUrl).toBe(imageUrl);
    else expect(drafted).toThrow(ValidationError);
  });

  it('refuses a curated list that names the product itself', () => {
    expect(pathsOf(() => draftProduct(aProductInput({ id: 'P-1', similar: ['P-2', 'P-1'] })))).toEqual(['similar.1']);
  });
});
