import { describe, expect, it } from 'vitest';
import { priceValue, readBrief } from '../../src/domain/merchandising/brief.js';
import type { CatalogNames } from '../../src/domain/product/catalog-search.js';

/** The demo catalog's names, and a few more of the shapes catalogs have. */
const NAMES: CatalogNames = {
  categories: ['vestidos', 'blusas', 'calcas', 'sandalias', 'acessorios', 'moda-praia', 'tenis', 'Calções', 'Dresses'],
  brands: ['Aurora', 'Casa Lume', 'Trama', 'Maré Alta', 'Flor de Sal', 'Urbana', 'A', 'Para'],
};

const read = (brief: string) => readBrief(brief, NAMES);

describe('readBrief: the example of the issue', () => {
  it('reads "vestidos leves para casamento de dia até R$ 400"', () => {
    expect(read('vestidos leves para casamento de dia até R$ 400')).toEqual({
      words: ['leves', 'casamento', 'dia'],
      maxPrice: 400,
      categories: ['vestidos'],
      brands: [],
    });
  });
});

describe('readBrief: prices', () => {
  it.each<[string, { minPrice?: number; maxPrice?: number }]>([
    ['até R$ 400', { maxPrice: 400 }],
    ['ate 400', { maxPrice: 400 }],
    ['Até R$400', { maxPrice: 400 }],
    ['abaixo de R$ 300,00', { maxPrice: 300 }],
    ['menos de 250 reais', { maxPrice: 250 }],
    ['no máximo R$ 199,90', { maxPrice: 199.9 }],
    ['acima de 100', { minPrice: 100 }],
    ['a partir de R$ 89,90', { minPrice: 89.9 }],
    ['mais de 1.000', { minPrice: 1000 }],
    ['pelo menos 50', { minPrice: 50 }],
    ['entre R$ 100 e R$ 300', { minPrice: 100, maxPrice: 300 }],
    ['entre 300 e 100', { minPrice: 100, maxPrice: 300 }],
    ['de 100 a 300', { minPrice: 100, maxPrice: 300 }],
    ['de R$ 100 até R$ 300', { minPrice: 100, maxPrice: 300 }],
    ['até R$ 1.299,90', { maxPrice: 1299.9 }],
    ['entre R$ 1.000 e R$ 1.299,90', { minPrice: 1000, maxPrice: 1299.9 }],
    ['até 1,5 mil', { maxPrice: 1500 }],
    ['under 400', { maxPrice: 400 }],
    ['below $400', { maxPrice: 400 }],
    ['less than $ 1,299.90', { maxPrice: 1299.9 }],
    ['up to 250 dollars', { maxPrice: 250 }],
    ['over 100', { minPrice: 100 }],
    ['above $99.90', { minPrice: 99.9 }],
    ['at least 20', { minPrice: 20 }],
    ['between 100 and 300', { minPrice: 100, maxPrice: 300 }],
    ['from $100 to $300', { minPrice: 100, maxPrice: 300 }],
    ['<= 300', { maxPrice: 300 }],
    ['> 50', { minPrice: 50 }],
    ['acima de 100 e até 300', { minPrice: 100, maxPrice: 300 }],
    ['até 500, abaixo de 300', { maxPrice: 300 }],
  ])('%s', (brief, bounds) => {
    const reading = read(`blusas ${brief}`);
    expect({ minPrice: reading.minPrice, maxPrice: reading.maxPrice }).toEqual({
      minPrice: bounds.minPrice,
      maxPrice: bounds.maxPrice,
    });
    // The phrase is a bound, not words to search by.
    expect(reading.words).toEqual([]);
    expect(reading.categories).toEqual(['blusas']);
  });

  it('leaves a price with a currency but no phrase out of the bounds and out of the words', () => {
    expect(read('vestido R$ 250')).toMatchObject({ words: [], categories: ['vestidos'] });
    expect(read('vestido R$ 250').maxPrice).toBeUndefined();
  });

  it('keeps numbers that are not prices as words (a size, a model)', () => {
    expect(read('tênis 38 corrida').words).toEqual(['38', 'corrida']);
  });

  it.each([
    ['400', 400],
    ['300,00', 300],
    ['19.90', 19.9],
    ['1.299', 1299],
    ['1,299', 1299],
    ['1.299,90', 1299.9],
    ['1,299.90', 1299.9],
    ['1.000.000', 1_000_000],
  ])('reads the number %s as %d', (written, value) => {
    expect(priceValue(written)).toBe(value);
  });
});

describe('readBrief: categories and brands', () => {
  it.each<[string, string[], string[], string[]]>([
    ['vestido midi', ['vestidos'], [], ['midi']],
    ['VESTIDOS', ['vestidos'], [], []],
    ['calça de linho', ['calcas'], [], ['linho']],
    ['sandálias rasteiras', ['sandalias'], [], ['rasteiras']],
    ['acessório dourado', ['acessorios'], [], ['dourado']],
    ['tênis branco', ['tenis'], [], ['branco']],
    ['calção de praia', ['Calções'], [], ['praia']],
    ['summer dress', ['Dresses'], [], ['summer']],
    ['moda praia verão', ['moda-praia'], [], ['verao']],
    ['saída de praia', [], [], ['saida', 'praia']],
    ['vestidos e blusas', ['vestidos', 'blusas'], [], []],
    ['vestido da casa lume', ['vestidos'], ['Casa Lume'], []],
    ['Flor de Sal e mare alta', [], ['Flor de Sal', 'Maré Alta'], []],
    ['casa de praia', [], [], ['casa', 'praia']],
    ['a blusa para a festa', ['blusas'], [], ['festa']],
  ])('%s', (brief, categories, brands, words) => {
    expect(read(brief)).toEqual({ words, categories, brands });
  });

  it('prefers a category to a brand of the same name, and the longest name to a shorter one', () => {
    const names = { categories: ['Casa', 'Jeans'], brands: ['Jeans', 'Casa Lume'] };
    expect(readBrief('jeans casa lume', names)).toEqual({ words: [], categories: ['Jeans'], brands: ['Casa Lume'] });
  });

  it('drops stop words (pt and en) and repeats, keeping the order of the rest', () => {
    expect(read('quero um look com linho para o dia, com linho e seda').words).toEqual(['look', 'linho', 'dia', 'seda']);
    expect(read('a dress for the beach with some linen').words).toEqual(['beach', 'linen']);
  });

  it('answers nothing understood for a brief of stop words', () => {
    expect(read('para o e de the for')).toEqual({ words: [], categories: [], brands: [] });
  });

  it('reads a long brief in bounded time, its first 500 characters only', () => {
    const long = `${'vestido '.repeat(62)}azul sapato`;
    expect(read(long).words).toEqual(['azul']);
  });
});
