// @ts-check
/**
 * A synthetic shop with a hidden truth, for `npm run eval:similar`: the catalog of
 * bench/synthetic-catalog.mjs (clusters of products with their own words, tags, category, price
 * level), plus what the catalog does not say and shoppers' behaviour does:
 *
 * - **styles** that cut across categories and clusters: every product has one (at random, so its
 *   words do not give it away); 70% of a style's products carry one of its three brands;
 * - **looks**: products of one style that go together (4 to 10, from any category: a dress, its
 *   sandals, its bag); a shopper on one of them often goes on to another;
 * - **popularity**: a log-normal weight per product;
 * - **models**: 8 products of one cluster named alike (the model's word in 80% of their names),
 *   what a shopper comparing products compares: the part of the truth the catalog's words tell;
 * - **new products**: 10% of the catalog is launched at the split, seen only after it (and
 *   promoted: twice the popularity).
 *
 * Shoppers like one style mostly and a second one a little, and five categories. They browse in
 * sessions spread over 28 days: a session starts on a product of the shopper's taste, then each
 * step goes to another product of the current product's look (30%), of its model (25%, by
 * popularity), of its cluster (7%, by popularity), back to a product seen earlier in the session
 * (8%), or to another product of the shopper's taste (30%; a session switches between the
 * shopper's two styles 15% of the time); a view is followed by a cart 10% of the time, a cart by
 * a purchase 30%. Deterministic for a seed.
 */
import { random, syntheticCatalog } from './synthetic-catalog.mjs';

const DAY = 86_400_000;
export const SHOP_START = Date.UTC(2026, 9, 1);

export const SHOP_DEFAULTS = Object.freeze({
  products: 20_000,
  styles: 40,
  shoppers: 24_000,
  days: 28,
  trainDays: 21,
  newShare: 0.1,
  seed: 42,
});

/** The chances of each kind of step in a session (what is left is a jump to the shopper's taste). */
const STEP = { back: 0.08, look: 0.3, model: 0.25, cluster: 0.07 };
const MODEL_SIZE = 8;
const STYLE_BRANDS = 3;
const CATEGORIES = 40;
const FAVOURITE_CATEGORIES = 5;

/** Draws from items by weight (a cumulative table and a binary search). */
class Sampler {
  /** @param {number[]} items @param {(item: number) => number} weight */
  constructor(items, weight) {
    this.items = items;
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    items.forEach((item, i) => (this.cumulative[i] = sum += weight(item)));
    this.total = sum;
  }

  get empty() {
    return this.items.length === 0;
  }

  /** @param {() => number} next */
  pick(next) {
    const target = next() * this.total;
    let lo = 0;
    let hi = this.items.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] <= target) lo = mid + 1;
      else hi = mid;
    }
    return this.items[lo];
  }
}

/** @param {() => number} next */
function gaussian(next) {
  const u = Math.max(next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
}

/** @template T @param {T[]} list @param {() => number} next */
function shuffle(list, next) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/**
 * The catalog with its hidden truth: model, style, look, popularity and newness of every product.
 * A model is a handful of products of one cluster named alike (the model's word in 80% of their
 * names): what a shopper comparing products compares, and what the catalog's words do tell.
 */
function catalogWithTruth(options, next) {
  const products = [];
  const modelOfCluster = new Map();
  let models = 0;
  for (const { product, cluster } of syntheticCatalog({ count: options.products, seed: options.seed })) {
    const style = Math.floor(next() * options.styles);
    const brand = next() < 0.7 ? `grife-${style}-${Math.floor(next() * STYLE_BRANDS)}` : product.brand;
    const isNew = next() < options.newShare;
    const popularity = Math.exp(gaussian(next)) * (isNew ? 2 : 1);
    const categoryIndex = Number(product.category.split('-')[1]);
    // A cluster's products fill its models in turn, MODEL_SIZE each.
    let filling = modelOfCluster.get(cluster);
    if (filling === undefined || filling.size >= MODEL_SIZE)
      modelOfCluster.set(cluster, (filling = { model: models++, size: 0 }));
    filling.size++;
    const model = filling.model;
    const name = next() < 0.8 ? `${product.name} mod${model.toString(36)}` : product.name;
    products.push({
      ...product,
      name,
      brand,
      available: true,
      cluster,
      model,
      style,
      isNew,
      popularity,
      categoryIndex,
      look: -1,
    });
  }
  const looks = [];
  for (let style = 0; style < options.styles; style++) {
    const members = shuffle(
      products.flatMap((p, i) => (p.style === style ? [i] : [])),
      next,
    );
    for (let at = 0; at < members.length;) {
      const size = 4 + Math.floor(next() * 7);
      const look = members.slice(at, at + size);
      for (const i of look) products[i].look = looks.length;
      looks.push(look);
      at += size;
    }
  }
  return { products, looks };
}

/** Samplers over the products a phase may show: by style, by cluster, by style and category. */
function samplersFor(products, options, include) {
  const weight = (i) => products[i].popularity;
  const groups = (key, count) => {
    const lists = Array.from({ length: count }, () => []);
    products.forEach((p, i) => include(p) && lists[key(p)].push(i));
    return lists.map((list) => new Sampler(list, weight));
  };
  const count = (key) => Math.max(...products.map(key)) + 1;
  return {
    include,
    byStyle: groups((p) => p.style, options.styles),
    byModel: groups(
      (p) => p.model,
      count((p) => p.model),
    ),
    byCluster: groups(
      (p) => p.cluster,
      count((p) => p.cluster),
    ),
    byStyleCategory: groups((p) => p.style * CATEGORIES + p.categoryIndex, options.styles * CATEGORIES),
  };
}

function makeShopper(options, next) {
  const main = Math.floor(next() * options.styles);
  let second = Math.floor(next() * options.styles);
  if (second === main) second = (second + 1) % options.styles;
  const categories = new Set();
  while (categories.size < FAVOURITE_CATEGORIES) categories.add(Math.floor(next() * CATEGORIES));
  return { styles: [main, second], categories: [...categories] };
}

/** A product of the shopper's taste: of a style of theirs, in a category of theirs two times in three. */
function tasteJump(shopper, style, phase, next) {
  if (next() < 0.65) {
    const category = shopper.categories[Math.floor(next() * shopper.categories.length)];
    const sampler = phase.byStyleCategory[style * CATEGORIES + category];
    if (!sampler.empty) return sampler.pick(next);
  }
  return phase.byStyle[style].pick(next);
}

/** The next product of a session, from the current one. */
function step(shop, shopper, style, phase, seen, current, next) {
  const r = next();
  if (r < STEP.back && seen.length > 1) return seen[Math.floor(next() * seen.length)];
  if (r < STEP.back + STEP.look) {
    const mates = shop.looks[shop.products[current].look].filter((i) => i !== current && phase.include(shop.products[i]));
    if (mates.length > 0) return mates[Math.floor(next() * mates.length)];
  } else if (r < STEP.back + STEP.look + STEP.model + STEP.cluster) {
    const product = shop.products[current];
    const sampler = r < STEP.back + STEP.look + STEP.model ? phase.byModel[product.model] : phase.byCluster[product.cluster];
    for (let tries = 0; tries < 3 && !sampler.empty; tries++) {
      const candidate = sampler.pick(next);
      if (candidate !== current) return candidate;
    }
  }
  return tasteJump(shopper, style, phase, next);
}

/** One session's events: views one every 20 s to 3 min, some followed by a cart and a purchase. */
function session(shop, shopper, start, phase, next) {
  let style = shopper.styles[next() < 0.75 ? 0 : 1];
  const length = Math.min(25, 2 + Math.floor(-Math.log(Math.max(next(), 1e-12)) * 3.5));
  const events = [];
  const seen = [];
  let current = tasteJump(shopper, style, phase, next);
  let at = start;
  for (let i = 0; i < length; i++) {
    if (i > 0) {
      if (next() < 0.15) style = style === shopper.styles[0] ? shopper.styles[1] : shopper.styles[0];
      current = step(shop, shopper, style, phase, seen, current, next);
      at += 20_000 + Math.floor(next() * 160_000);
    }
    seen.push(current);
    events.push({ product: current, type: 'view', at });
    if (next() < 0.1) {
      events.push({ product: current, type: 'add_to_cart', at: (at += 15_000) });
      if (next() < 0.3) events.push({ product: current, type: 'purchase', at: (at += 60_000) });
    }
  }
  return events;
}

/**
 * The shop: products (with their hidden truth), and every shopper's sessions in time order, each
 * marked train (it starts before the split) or test.
 */
export function syntheticShop(overrides = {}) {
  const options = { ...SHOP_DEFAULTS, ...overrides };
  const next = random(options.seed * 7919 + 1);
  const shop = catalogWithTruth(options, next);
  const split = SHOP_START + options.trainDays * DAY;
  const train = samplersFor(shop.products, options, (p) => !p.isNew);
  const test = samplersFor(shop.products, options, () => true);
  const sessions = [];
  for (let s = 0; s < options.shoppers; s++) {
    const shopper = makeShopper(options, next);
    const count = 1 + Math.floor(-Math.log(Math.max(next(), 1e-12)) * 5);
    for (let k = 0; k < count; k++) {
      const start = SHOP_START + Math.floor(next() * options.days * DAY);
      const phase = start < split ? train : test;
      sessions.push({
        id: `S-${s}-${k}`,
        shopper: s,
        start,
        train: start < split,
        events: session(shop, shopper, start, phase, next),
      });
    }
  }
  sessions.sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : 1));
  return { ...shop, sessions, split, options };
}

/**
 * A shop's product as the catalog holds it (its hidden truth left out).
 * @param {any} p @param {Date} at
 */
export function catalogProductOf(p, at) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    category: p.category,
    brand: p.brand,
    price: p.price,
    available: true,
    tags: p.tags,
    attributes: {},
    createdAt: at,
    updatedAt: at,
  };
}
