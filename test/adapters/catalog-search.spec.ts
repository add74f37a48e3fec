import { describe, expect, it } from 'vitest';
import { NeighbourLists } from '../../src/adapters/similarity/neighbour-lists.js';
import { BestFirst, ContentCatalogSearch } from '../../src/adapters/similarity/catalog-search.js';
import { MAX_PREFIX_TERMS, type CatalogFilter } from '../../src/domain/product/catalog-search.js';
import { WordDictionary } from '../../src/adapters/similarity/word-dictionary.js';
import type { Product } from '../../src/domain/product/product.js';
import { aProduct } from '../support/mothers.js';

/** A product with only the text given (the mother's defaults are shared by every product). */
function item(id: string, overrides: Partial<Product> = {}): Product {
  return aProduct({
    id,
    name: `Item ${id}`,
    description: undefined,
    category: undefined,
    brand: undefined,
    price: undefined,
    tags: [],
    ...overrides,
  });
}

/** The catalog search over the neighbour lists' content index, with the lists it reads (fed as the engine feeds them). */
function searchOver(lists: NeighbourLists): ContentCatalogSearch & { readonly lists: NeighbourLists } {
  return Object.assign(new ContentCatalogSearch(lists), { lists });
}

function engineWith(products: Product[]): ReturnType<typeof searchOver> {
  const lists = new NeighbourLists({ background: false });
  lists.productsSaved(products);
  return searchOver(lists);
}

const search = (engine: ReturnType<typeof searchOver>, text: string, filter: CatalogFilter = {}, offset = 0, limit = 20) =>
  engine.ranked(engine.wordsOf(text), filter, offset, limit);

describe('the catalog search: ranking', () => {
  it('ranks a word in the name above the same word in the description only, and products holding every word first', () => {
    const engine = engineWith([
      item('DESC', { name: 'Blusa', description: 'Combina com um vestido de linho' }),
      item('NAME', { name: 'Vestido Midi' }),
      item('BOTH', { name: 'Vestido de Linho' }),
      item('NONE', { name: 'Saia' }),
    ]);
    // BOTH and NAME tie on the word (both in the name): by id.
    expect(search(engine, 'vestido').items).toEqual(['BOTH', 'NAME', 'DESC']);
    expect(search(engine, 'vestido linho').items[0]).toBe('BOTH');
    expect(search(engine, 'vestido linho').items).not.toContain('NONE');
  });

  it('breaks ties by id', () => {
    const engine = engineWith(['C', 'A', 'B'].map((id) => item(id, { name: 'Vestido' })));
    expect(search(engine, 'vestido').items).toEqual(['A', 'B', 'C']);
  });

  it('matches words ignoring case, accents and a plural -s, as the engine indexes them', () => {
    const engine = engineWith([
      item('CAL', { name: 'Calça Pantalona' }),
      item('TEN', { name: 'Tênis Retrô' }),
      item('VES', { name: 'Vestidos leves' }),
    ]);
    expect(search(engine, 'CALCA').items).toEqual(['CAL']);
    expect(search(engine, 'tenis retro').items).toEqual(['TEN']);
    expect(search(engine, 'vestido leve').items).toEqual(['VES']);
    expect(engine.wordsOf('Vestidos de LINHO para o Verão!')).toEqual(['vestido', 'linho', 'verao']);
  });

  it('finds the words of tags, brands and categories, multi-word ones included', () => {
    const engine = engineWith([
      item('TAG', { tags: ['Casamento de Dia', 'verão'] }),
      item('BRAND', { brand: 'Casa Lume' }),
      item('CAT', { category: 'Moda-Praia' }),
    ]);
    expect(search(engine, 'casamento').items).toEqual(['TAG']);
    expect(search(engine, 'verao').items).toEqual(['TAG']);
    expect(search(engine, 'lume').items).toEqual(['BRAND']);
    expect(search(engine, 'praia').items).toEqual(['CAT']);
  });

  it('answers nothing for words no product holds, or a text without words', () => {
    const engine = engineWith([item('A', { name: 'Vestido' })]);
    expect(search(engine, 'sapato')).toEqual({ items: [], more: false });
    expect(engine.wordsOf('de a o - !')).toEqual([]);
  });

  it('searches at most 16 distinct words', () => {
    const engine = engineWith([]);
    const text = Array.from({ length: 30 }, (_, i) => `palavra${i} palavra${i}`).join(' ');
    expect(engine.wordsOf(text)).toHaveLength(16);
  });
});

describe('the catalog search: filters', () => {
  const engine = engineWith([
    item('V1', { name: 'Vestido', category: 'Vestidos', brand: 'Aurora', price: 100 }),
    item('V2', { name: 'Vestido', category: 'vestidos', brand: 'Trama', price: 300, available: false }),
    item('V3', { name: 'Vestido', category: 'saias', brand: 'aurora', price: 500 }),
    item('V4', { name: 'Vestido' }),
  ]);

  it.each<[string, CatalogFilter, string[]]>([
    ['no filter', {}, ['V1', 'V2', 'V3', 'V4']],
    ['a category, ignoring case', { categories: ['VESTIDOS'] }, ['V1', 'V2']],
    ['a brand, ignoring case', { brands: [' AURORA '] }, ['V1', 'V3']],
    ['available', { available: true }, ['V1', 'V3', 'V4']],
    ['unavailable', { available: false }, ['V2']],
    ['price bounds, inclusive', { minPrice: 100, maxPrice: 300 }, ['V1', 'V2']],
    ['everything at once', { categories: ['vestidos'], brands: ['trama'], available: false, maxPrice: 300 }, ['V2']],
  ])('%s: ranked and listed alike', (_label, filter, expected) => {
    expect(search(engine, 'vestido', filter).items).toEqual(expected);
    expect(engine.listed(filter, undefined, 10).items).toEqual(expected);
  });
});

describe('the catalog search: pages', () => {
  const ids = Array.from({ length: 25 }, (_, i) => `P-${String(i).padStart(2, '0')}`);
  const engine = engineWith(ids.map((id) => item(id, { name: 'Vestido' })));

  it('ranked: from an offset, with whether more follow', () => {
    expect(search(engine, 'vestido', {}, 0, 10)).toEqual({ items: ids.slice(0, 10), more: true });
    expect(search(engine, 'vestido', {}, 20, 10)).toEqual({ items: ids.slice(20), more: false });
    expect(search(engine, 'vestido', {}, 15, 10)).toEqual({ items: ids.slice(15), more: false });
  });

  it('listed: by id after the last id of the page before', () => {
    const first = engine.listed({}, undefined, 10);
    expect(first).toEqual({ items: ids.slice(0, 10), more: true });
    expect(engine.listed({}, first.items.at(-1), 10)).toEqual({ items: ids.slice(10, 20), more: true });
    expect(engine.listed({}, 'P-19', 10)).toEqual({ items: ids.slice(20), more: false });
    expect(engine.listed({}, 'P-24', 10)).toEqual({ items: [], more: false });
  });
});

describe('the catalog search follows the catalog', () => {
  it('finds products whose neighbour lists are still pending', () => {
    const engine = searchOver(new NeighbourLists({ background: false }));
    engine.lists.productsSaved([item('NEW', { name: 'Vestido novo' })]);
    expect(engine.lists.stats.pending).toBe(1);
    expect(search(engine, 'novo').items).toEqual(['NEW']);
  });

  it('forgets the words a product no longer has, and a deleted product', () => {
    const engine = engineWith([item('A', { name: 'Vestido azul', tags: ['festa'] }), item('B', { name: 'Vestido verde' })]);
    engine.lists.productsSaved([item('A', { name: 'Saia azul', tags: [], available: false })]);
    expect(search(engine, 'vestido').items).toEqual(['B']);
    expect(search(engine, 'festa').items).toEqual([]);
    expect(search(engine, 'azul').items).toEqual(['A']);
    engine.lists.productsSaved([item('A', { name: 'Saia azul', available: true })]);
    expect(search(engine, 'azul', { available: true }).items).toEqual(['A']);
    engine.lists.productsRemoved(['A', 'B']);
    expect(search(engine, 'azul').items).toEqual([]);
    expect(engine.listed({}, undefined, 10).items).toEqual([]);
  });

  it('knows the category and brand names, the most common first, at most as many as asked', () => {
    const engine = engineWith([
      item('1', { category: 'vestidos', brand: 'Aurora' }),
      item('2', { category: 'vestidos', brand: 'Trama' }),
      item('3', { category: 'saias', brand: 'Aurora', available: false }),
      item('4', { category: 'bolsas' }),
    ]);
    expect(engine.names(10)).toEqual({ categories: ['vestidos', 'bolsas', 'saias'], brands: ['Aurora', 'Trama'] });
    expect(engine.names(1)).toEqual({ categories: ['vestidos'], brands: ['Aurora'] });
    engine.lists.productsRemoved(['1', '3']);
    expect(engine.names(10)).toEqual({ categories: ['bolsas', 'vestidos'], brands: ['Trama'] });
  });
});

describe('BestFirst', () => {
  it('keeps the best k, higher score first and the smaller id on ties, whatever the order offered', () => {
    const offers = Array.from({ length: 200 }, (_, i) => ({ id: `id-${String((i * 37) % 200).padStart(3, '0')}`, score: i % 7 }));
    const best = new BestFirst(15);
    for (const { id, score } of offers) best.offer(id, score);
    const expected = [...offers]
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
      .slice(0, 15)
      .map((o) => o.id);
    expect(best.drain()).toEqual(expected);
  });
});

describe('the catalog search: the last word as a prefix (search as you type)', () => {
  const prefixSearch = (engine: ReturnType<typeof searchOver>, text: string, filter: CatalogFilter = {}) =>
    engine.ranked(engine.wordsOf(text), filter, 0, 50, engine.prefixOf(text)).items;

  it('finds the words starting with the last word typed, from three characters', () => {
    const engine = engineWith([
      item('DRESS', { name: 'Vestido Midi' }),
      item('DRESSES', { name: 'Conjunto de vestidos' }),
      item('VEST', { name: 'Colete', tags: ['Vestuário'] }),
      item('SKIRT', { name: 'Saia' }),
    ]);
    expect(prefixSearch(engine, 'vestid')).toEqual(['DRESS', 'DRESSES']);
    expect(prefixSearch(engine, 'VESTÍ')).toEqual(['DRESS', 'DRESSES']);
    expect(prefixSearch(engine, 'vest')).toEqual(['DRESS', 'DRESSES', 'VEST']);
    expect(engine.prefixOf('ve')).toBeUndefined();
    expect(engine.prefixOf('saia ve')).toBeUndefined();
    expect(engine.prefixOf('Saia VESTÍ')).toBe('vesti');
    expect(prefixSearch(engine, 've')).toEqual([]);
    // Only the last word is a prefix: "vestid" before another word is a whole word no product holds.
    expect(prefixSearch(engine, 'vestid saia')).toEqual(['SKIRT']);
  });

  it('ranks the exact word above words that only start with it, and every word held above part of them', () => {
    const engine = engineWith([
      item('LONGER', { name: 'Bolsa Sacola' }),
      item('EXACT', { name: 'Bolsa Saco' }),
      item('OTHER', { name: 'Saco de pão' }),
    ]);
    expect(prefixSearch(engine, 'saco')).toEqual(['EXACT', 'OTHER', 'LONGER']);
    // Both hold "bolsa" and a word starting with "sac" (the rarer "sacola" scoring higher): both before OTHER.
    const both = prefixSearch(engine, 'bolsa sac');
    expect([...both.slice(0, 2)].sort()).toEqual(['EXACT', 'LONGER']);
    expect(both[2]).toBe('OTHER');
  });

  it('stands for at most MAX_PREFIX_TERMS terms, those most products hold', () => {
    // 200 words starting with "pal", one of them held by 5 products.
    const engine = engineWith([
      ...Array.from({ length: 200 }, (_, i) =>
        item(`P${String(i).padStart(3, '0')}`, { name: `pal${String(i).padStart(3, '0')}x` }),
      ),
      ...Array.from({ length: 5 }, (_, i) => item(`Z${i}`, { name: 'palha' })),
    ]);
    const found = engine.ranked([], {}, 0, 1000, 'pal').items;
    expect(found).toEqual(expect.arrayContaining(['Z0', 'Z1', 'Z2', 'Z3', 'Z4']));
    // "palha" (5 products) and MAX_PREFIX_TERMS - 1 of the words one product holds each.
    expect(found).toHaveLength(MAX_PREFIX_TERMS - 1 + 5);
  });

  it('forgets the words of products changed or deleted', () => {
    const engine = engineWith([item('A', { name: 'Macacão' }), item('B', { name: 'Macarrão', tags: ['Macadâmia'] })]);
    expect([...prefixSearch(engine, 'maca')].sort()).toEqual(['A', 'B']);
    engine.lists.productsSaved([item('A', { name: 'Saia' })]);
    engine.lists.productsRemoved(['B']);
    expect(prefixSearch(engine, 'maca')).toEqual([]);
  });

  it.each([1_000, 100_000])(
    'answers a three-letter prefix over %i products within 50 ms',
    (size) => {
      const syllables = ['ves', 'ti', 'do', 'bol', 'sa', 'ca', 'mi', 'se', 'lin', 'ho', 'pa', 'lha', 'ta', 'ro'];
      const word = (n: number) => syllables[n % 14]! + syllables[Math.floor(n / 14) % 14]! + syllables[Math.floor(n / 196) % 14]!;
      const lists = new NeighbourLists({ background: false });
      const engine = searchOver(lists);
      const products = Array.from({ length: size }, (_, i) =>
        item(`S${i}`, {
          name: `${word(i)} ${word(i * 7 + 3)} ${word(i * 13 + 5)}`,
          brand: `Marca ${i % 50}`,
          tags: [word(i * 3)],
        }),
      );
      for (let at = 0; at < size; at += 5_000) lists.productsSaved(products.slice(at, at + 5_000));
      engine.ranked(engine.wordsOf('ti'), {}, 0, 20, engine.prefixOf('tid')); // warms the code up
      // Each search's cost is the best of three runs: what the search costs, not a pause of a shared machine.
      let slowest = 0;
      for (const text of ['ves', 'vestido', 'bol', 'sac', 'lin', 'pal', 'sa ves', 'tar', 'mar']) {
        let best = Number.POSITIVE_INFINITY;
        for (let run = 0; run < 3; run++) {
          const started = performance.now();
          engine.ranked(engine.wordsOf(text), {}, 0, 20, engine.prefixOf(text));
          best = Math.min(best, performance.now() - started);
        }
        slowest = Math.max(slowest, best);
      }
      expect(slowest).toBeLessThan(50);
    },
    120_000,
  );
});

describe('WordDictionary', () => {
  it('answers the held words with a prefix, however words come and go across rebuilds', () => {
    const dictionary = new WordDictionary();
    const held = new Map<string, number>();
    const words = Array.from({ length: 5_000 }, (_, i) => `w${((i * 7919) % 5_000).toString(36)}`);
    words.forEach((word, i) => {
      dictionary.add(word);
      held.set(word, (held.get(word) ?? 0) + 1);
      if (i % 3 === 0) {
        const gone = words[i >> 1]!;
        dictionary.delete(gone);
        const count = (held.get(gone) ?? 0) - 1;
        if (count > 0) held.set(gone, count);
        else held.delete(gone);
      }
    });
    for (const prefix of ['w', 'w1', 'w2a', 'w3', 'wz', 'x']) {
      const expected = [...held.keys()].filter((word) => word.startsWith(prefix)).sort();
      expect(dictionary.withPrefix(prefix, 10_000).sort()).toEqual(expected);
    }
    expect(dictionary.size).toBe(held.size);
    expect(dictionary.withPrefix('w', 10)).toHaveLength(10);
  });
});
