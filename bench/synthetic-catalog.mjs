// @ts-check
/**
 * A synthetic catalog in known clusters, for the similarity benchmark and import tests. Each
 * cluster is a kind of product (its own words, a category, a brand, tags, a price level and, with
 * embeddings, a centre in vector space); a product is its cluster plus noise. Deterministic for a
 * seed.
 *
 * As a command: node bench/synthetic-catalog.mjs --count=100000 [--embeddings] [--dimension=64]
 * [--out=catalog.jsonl] writes JSON Lines (one product per line) to the file or stdout.
 */
import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { commandLineOptions } from './options.mjs';

const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'tu', 've', 'si', 'no', 'pa', 'de', 'zu', 'fe', 'gi', 'bo', 'ne', 'lu'];
const COMMON = ['novo', 'coleção', 'clássico', 'conforto', 'moderno', 'básico', 'premium', 'leve'];

/** A deterministic random source (mulberry32). */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(next) {
  const u = Math.max(next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
}

function word(next, syllables) {
  let w = '';
  for (let i = 0; i < syllables; i++) w += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
  return w;
}

/**
 * @param {{ count: number, clusters?: number, embeddings?: boolean, dimension?: number, noise?: number, seed?: number }} options
 * @returns {Generator<{ product: any, cluster: number }>}
 */
export function* syntheticCatalog({
  count,
  clusters = Math.max(10, Math.round(count / 100)),
  embeddings = false,
  dimension = 64,
  noise = 0.35,
  seed = 42,
}) {
  const next = random(seed);
  const kinds = Array.from({ length: clusters }, (_, c) => ({
    words: Array.from({ length: 4 }, () => word(next, 3)),
    category: `categoria-${c % 40}`,
    brand: `marca-${c % 150}`,
    tags: Array.from({ length: 3 }, () => word(next, 2)),
    price: Math.round(20 + next() * 980),
    centre: embeddings ? Array.from({ length: dimension }, () => gaussian(next)) : undefined,
  }));
  for (let i = 0; i < count; i++) {
    const cluster = Math.floor(next() * clusters);
    const kind = kinds[cluster];
    const pick = (list, n) => list.filter(() => next() < n / list.length);
    const name = [...pick(kind.words, 2.5), COMMON[Math.floor(next() * COMMON.length)], word(next, 2)].join(' ');
    const product = {
      id: `SKU-${String(i).padStart(7, '0')}`,
      name,
      description: `${pick(kind.words, 2).join(' ')} ${COMMON[Math.floor(next() * COMMON.length)]} ${word(next, 3)}`,
      category: kind.category,
      brand: next() < 0.8 ? kind.brand : `marca-${Math.floor(next() * 150)}`,
      price: Math.round(kind.price * (0.7 + next() * 0.6) * 100) / 100,
      available: next() < 0.97,
      tags: pick(kind.tags, 2),
      ...(kind.centre === undefined
        ? {}
        : { embedding: kind.centre.map((x) => Math.round((x + noise * gaussian(next)) * 1e4) / 1e4) }),
    };
    yield { product, cluster };
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = commandLineOptions();
  const out = options.out === undefined ? process.stdout : createWriteStream(options.out);
  for (const { product } of syntheticCatalog({
    count: Number(options.count ?? 1000),
    embeddings: options.embeddings === 'true',
    dimension: Number(options.dimension ?? 64),
    seed: Number(options.seed ?? 42),
  })) {
    if (!out.write(`${JSON.stringify(product)}\n`)) await new Promise((resolve) => out.once('drain', resolve));
  }
  if (out !== process.stdout) out.end();
}
