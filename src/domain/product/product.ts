import { ValidationError, type ValidationIssue } from '../shared/errors.js';

/** A product of the shop's catalog, as far as personalisation and merchandising need it. */
export interface Product {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  readonly category?: string;
  readonly brand?: string;
  readonly price?: number;
  /** The product's picture: an absolute http(s) URL (the builder shows it on the product's card). */
  readonly imageUrl?: string;
  /** False when the product cannot be sold now; it is then never recommended. */
  readonly available: boolean;
  readonly tags: readonly string[];
  readonly attributes: Readonly<Record<string, string>>;
  /** A vector from the shop's own model, for similarity by meaning. */
  readonly embedding?: readonly number[];
  /** A curated list of similar product ids; it takes precedence over computed similarity. */
  readonly similar?: readonly string[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What a writer supplies; the store keeps the timestamps. */
export type ProductInput = Omit<Product, 'createdAt' | 'updatedAt'>;

export const MAX_PRODUCT_ID_LENGTH = 200;

/**
 * Words the catalog's API uses where a product id would stand (`catalog/batch`, its batch routes, `catalog/names`):
 * no product may be one of them, so that a path never means two things.
 */
export const RESERVED_PRODUCT_IDS: ReadonlySet<string> = new Set(['batch', 'batch-delete', 'lookup', 'names']);

/**
 * The characters a product id a writer gives may hold: letters and digits of any script (with
 * their accents) and `- _ . : ~`. No space, quote, slash, angle bracket, `&`, `%`, `?` or `#`: an id
 * goes into URL paths, spreadsheets and, on a storefront, into HTML, where such characters change
 * what the text means.
 */
export const SAFE_PRODUCT_ID = /^[\p{L}\p{M}\p{N}._~:-]+$/u;
export const SAFE_PRODUCT_ID_RULE = 'may hold only letters, digits and - _ . : ~ (no spaces, quotes, slashes or markup)';

/**
 * Why an id cannot name a product, looked up or removed; undefined when it can. Product ids are
 * matched exactly, so they must not carry invisible surroundings. (An id stored before the safe
 * characters were required can still be read and removed.)
 */
export function productIdProblem(id: string): string | undefined {
  if (id.trim().length === 0) return 'must not be empty';
  if (RESERVED_PRODUCT_IDS.has(id)) return `must not be ${[...RESERVED_PRODUCT_IDS].join(', ')} (words of the catalog's routes)`;
  if (id !== id.trim()) return 'must not start or end with spaces';
  if (id.length > MAX_PRODUCT_ID_LENGTH) return `must be at most ${MAX_PRODUCT_ID_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(id)) return 'must not contain control characters';
  return undefined;
}

/** Why an id cannot be given to a product or put in a list of products: productIdProblem's rules and the safe characters. */
export function newProductIdProblem(id: string): string | undefined {
  return productIdProblem(id) ?? (SAFE_PRODUCT_ID.test(id) ? undefined : SAFE_PRODUCT_ID_RULE);
}

const MAX_LIST = 100;

/**
 * Checks a product's content beyond its shape: a name, a price of 0 or more, non-empty tags,
 * finite embedding values and a curated list of valid ids that does not name the product itself.
 * Answers the input with its lists de-duplicated, or throws a ValidationError naming every problem.
 */
export function draftProduct(input: ProductInput): ProductInput {
  const issues: ValidationIssue[] = [];
  const idProblem = newProductIdProblem(input.id);
  if (idProblem !== undefined) issues.push({ path: 'id', message: idProblem });
  const name = input.name.trim();
  if (name.length === 0) issues.push({ path: 'name', message: 'must not be empty' });
  for (const key of ['category', 'brand'] as const) {
    const value = input[key];
    if (value !== undefined && value.trim().length === 0) issues.push({ path: key, message: 'must not be empty when given' });
  }
  const imageProblem = input.imageUrl === undefined ? undefined : imageUrlProblem(input.imageUrl);
  if (imageProblem !== undefined) issues.push({ path: 'imageUrl', message: imageProblem });
  if (input.price !== undefined && (!Number.isFinite(input.price) || input.price < 0)) {
    issues.push({ path: 'price', message: 'must be a number of 0 or more' });
  }
  input.tags.forEach((tag, i) => {
    if (tag.trim().length === 0) issues.push({ path: `tags.${i}`, message: 'must not be empty' });
  });
  if (input.tags.length > MAX_LIST) issues.push({ path: 'tags', message: `must hold at most ${MAX_LIST} tags` });
  for (const name of Object.keys(input.attributes)) {
    // Attribute names become field names in document stores, where `$` and `.` have meaning.
    // eslint-disable-next-line no-control-regex
    if (
      name.length === 0 ||
      name.length > 100 ||
      name.startsWith('$') ||
      name.includes('.') ||
      /[\u0000-\u001f\u007f]/.test(name)
    ) {
      issues.push({
        path: `attributes.${name}`,
        message: 'names must be 1 to 100 characters, without "." or control characters, and not start with "$"',
      });
    }
  }
  if (input.embedding !== undefined) {
    if (input.embedding.length === 0) issues.push({ path: 'embedding', message: 'must not be empty when given' });
    if (input.embedding.some((x) => !Number.isFinite(x)))
      issues.push({ path: 'embedding', message: 'must hold finite numbers only' });
  }
  input.similar?.forEach((id, i) => {
    const problem = newProductIdProblem(id);
    if (problem !== undefined) issues.push({ path: `similar.${i}`, message: problem });
    else if (id === input.id) issues.push({ path: `similar.${i}`, message: 'must not name the product itself' });
  });
  if ((input.similar?.length ?? 0) > MAX_LIST) issues.push({ path: 'similar', message: `must hold at most ${MAX_LIST} ids` });
  if (issues.length > 0) throw new ValidationError(issues);
  return {
    ...input,
    name,
    tags: [...new Set(input.tags)],
    ...(input.similar !== undefined ? { similar: [...new Set(input.similar)] } : {}),
  };
}

/**
 * Every embedding of a catalog has one dimension (the number of values), so that they can be
 * compared: the first product with one sets it, for as long as any product has one.
 */
export const MAX_IMAGE_URL_LENGTH = 2048;

/** An image URL must be absolute http or https (no script, data or relative URLs reach a browser). */
export function imageUrlProblem(value: string): string | undefined {
  const message = 'must be an absolute http or https URL';
  if (value.length > MAX_IMAGE_URL_LENGTH) return `must be at most ${MAX_IMAGE_URL_LENGTH} characters`;
  // What a URL never holds unescaped (RFC 3986): spaces, quotes, angle brackets, backslashes, control
  // characters. The WHATWG parser forgives them; a shop pasting the URL into HTML would not be safe.
  // eslint-disable-next-line no-control-regex
  if (/[\s"'<>\\`{}|^\x00-\x1f\x7f]/.test(value)) {
    return `${message}, with no spaces, quotes, angle brackets or backslashes (escape them: %20, %22, %3C ...)`;
  }
  if (!URL.canParse(value)) return message;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? undefined : message;
}

export function embeddingDimensionProblem(input: ProductInput, dimension: number | undefined): string | undefined {
  if (input.embedding === undefined || dimension === undefined || input.embedding.length === dimension) return undefined;
  return `must hold ${dimension} numbers, as every embedding of the catalog does (this one has ${input.embedding.length})`;
}

/** Whether a stored product already holds exactly what a write would store (the write then changes nothing). */
export function holdsSameContent(stored: Product, input: ProductInput): boolean {
  return (
    stored.id === input.id &&
    stored.name === input.name &&
    stored.description === input.description &&
    stored.category === input.category &&
    stored.brand === input.brand &&
    stored.price === input.price &&
    stored.imageUrl === input.imageUrl &&
    stored.available === input.available &&
    sameValues(stored.tags, input.tags) &&
    sameValues(stored.similar, input.similar) &&
    sameValues(stored.embedding, input.embedding) &&
    sameAttributes(stored.attributes, input.attributes)
  );
}

function sameValues<T>(a: readonly T[] | undefined, b: readonly T[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function sameAttributes(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}
