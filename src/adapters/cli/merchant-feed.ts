import { parse } from 'csv-parse';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { FileLine } from './read-records.js';

/**
 * A Google Merchant Center product feed as shops keep it for Shopping ads, read as Vitrine
 * catalog products, streamed: RSS 2.0 (`<item>`) or Atom (`<entry>`) with the `g:` fields
 * (namespace http://base.google.com/ns/1.0), or TSV with a header row. Memory stays bounded
 * whatever the feed's size: the XML is parsed as it arrives (saxes) and each item handed on once
 * complete; the caller pulls the next only when it is ready.
 *
 * Fields: `id` → id, `title` → name, `description`, `link` → attributes.link, `image_link` →
 * imageUrl, `price` / `sale_price` ("129.90 BRL") → price (the sale price while there is one:
 * what the shopper pays) with attributes.currency and attributes.regularPrice, `availability` →
 * available (in_stock, preorder, backorder: true; out_of_stock: false), `brand`, `product_type`
 * (its last level) or else `google_product_category` → category (both kept whole in attributes),
 * `item_group_id` → attributes.itemGroupId, `custom_label_0`..`_4` → tags.
 */

const G = 'http://base.google.com/ns/1.0';
const ATOM = 'http://www.w3.org/2005/Atom';
/** Which elements hold an item. */
const ITEM = new Set(['item', 'entry']);
const MAX_FIELD_LENGTH = 10_000;

type Fields = Map<string, string>;

/** The feed's items, each with its position (1-based) and the product it maps to, or why it maps to none. */
export async function* readMerchantXml(chunks: AsyncIterable<Buffer | string>): AsyncIterable<FileLine> {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const ready: FileLine[] = [];
  let position = 0;
  let item: Fields | undefined;
  let field: string | undefined;
  let text = '';
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (item === undefined) {
      if (ITEM.has(tag.local) && (tag.uri === '' || tag.uri === ATOM)) item = new Map();
      return;
    }
    field = nameOf(tag);
    text = '';
    // Atom gives its link as an attribute.
    if (field === 'link' && tag.uri === ATOM) {
      const href = tag.attributes.href;
      if (href !== undefined && typeof href !== 'string') item.set('link', href.value);
    }
  });
  const onText = (chunk: string) => {
    if (field !== undefined && text.length < MAX_FIELD_LENGTH) text += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag: SaxesTagNS) => {
    if (item === undefined) return;
    if (ITEM.has(tag.local) && (tag.uri === '' || tag.uri === ATOM)) {
      ready.push({ line: ++position, ...productOf(item) });
      item = undefined;
      field = undefined;
      return;
    }
    const name = nameOf(tag);
    if (field === name && !item.has(name) && text.trim() !== '') item.set(name, text.trim());
    field = undefined;
  });
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (failure !== undefined) throw new Error(`the feed is not well-formed XML: ${failure.message}`);
    yield* ready.splice(0);
  }
  parser.write(decoder.decode());
  parser.close();
  if (failure !== undefined) throw new Error(`the feed is not well-formed XML: ${failure.message}`);
  yield* ready.splice(0);
}

/** A field's name as the mapping reads it: `g:price` and a plain `price` alike. */
function nameOf(tag: SaxesTagNS): string {
  return tag.uri === G || tag.uri === ATOM || tag.uri === '' ? tag.local : `${tag.prefix}:${tag.local}`;
}

/** A TSV feed: a header row naming the fields (with or without `g:`), then one item a row. */
export async function* readMerchantTsv(chunks: AsyncIterable<Buffer | string>): AsyncIterable<FileLine> {
  const parser = parse({
    bom: true,
    delimiter: '\t',
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
  });
  const feeding = (async () => {
    try {
      for await (const chunk of chunks) if (!parser.write(chunk)) await new Promise((done) => parser.once('drain', done));
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  let header: string[] | undefined;
  let position = 0;
  for await (const { record } of parser as AsyncIterable<{ record: string[] }>) {
    if (header === undefined) {
      header = record.map((cell) => cell.trim().replace(/^g:/, ''));
      if (!header.includes('id')) throw new Error('the TSV feed must name an id column in its header row');
      continue;
    }
    position++;
    if (record.length !== header.length) {
      yield { line: position, error: `has ${record.length} fields where the header names ${header.length}` };
      continue;
    }
    const fields: Fields = new Map();
    header.forEach((name, i) => {
      const value = record[i]?.trim() ?? '';
      if (value !== '' && !fields.has(name)) fields.set(name, value);
    });
    yield { line: position, ...productOf(fields) };
  }
  await feeding;
}

const AVAILABLE: Readonly<Record<string, boolean>> = {
  in_stock: true,
  'in stock': true,
  preorder: true,
  backorder: true,
  out_of_stock: false,
  'out of stock': false,
};

/** One feed item as a Vitrine product (the catalog batch body's item), or why it is not one. */
export function productOf(fields: Fields): { record: Record<string, unknown> } | { error: string } {
  const id = fields.get('id');
  if (id === undefined) return { error: 'id: is required' };
  const name = fields.get('title');
  if (name === undefined) return { error: 'title: is required' };
  const attributes: Record<string, string> = {};
  const product: Record<string, unknown> = { id, name };
  const description = fields.get('description') ?? fields.get('summary');
  if (description !== undefined) product.description = description;
  const link = fields.get('link');
  if (link !== undefined) attributes.link = link;
  const image = fields.get('image_link');
  if (image !== undefined) product.imageUrl = image;
  const price = fields.get('price');
  const sale = fields.get('sale_price');
  if (price !== undefined) {
    const regular = amountOf(price);
    if (regular === undefined)
      return { error: `price: must be an amount and an ISO 4217 currency ("129.90 BRL"), not "${price}"` };
    const reduced = sale === undefined ? undefined : amountOf(sale);
    if (sale !== undefined && reduced === undefined)
      return { error: `sale_price: must be an amount and a currency ("99.90 BRL"), not "${sale}"` };
    if (reduced !== undefined && reduced.currency !== regular.currency)
      return { error: 'sale_price: must be in the currency of price' };
    product.price = reduced?.amount ?? regular.amount;
    attributes.currency = regular.currency;
    if (reduced !== undefined) attributes.regularPrice = String(regular.amount);
  }
  const availability = fields.get('availability');
  if (availability !== undefined) {
    const available = AVAILABLE[availability.toLowerCase()];
    if (available === undefined)
      return { error: `availability: must be in_stock, out_of_stock, preorder or backorder, not "${availability}"` };
    product.available = available;
  }
  const brand = fields.get('brand');
  if (brand !== undefined) product.brand = brand;
  const type = fields.get('product_type');
  const googleCategory = fields.get('google_product_category');
  const category = lastLevel(type) ?? lastLevel(googleCategory);
  if (category !== undefined) product.category = category;
  if (type !== undefined) attributes.productType = type;
  if (googleCategory !== undefined) attributes.googleProductCategory = googleCategory;
  const group = fields.get('item_group_id');
  if (group !== undefined) attributes.itemGroupId = group;
  const tags = [0, 1, 2, 3, 4].flatMap((n) => fields.get(`custom_label_${n}`) ?? []);
  if (tags.length > 0) product.tags = [...new Set(tags)];
  if (Object.keys(attributes).length > 0) product.attributes = attributes;
  return { record: product };
}

/** "129.90 BRL" (or "BRL 129.90"): the amount and the currency. */
function amountOf(text: string): { amount: number; currency: string } | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([A-Za-z]{3})$/.exec(text.trim()) ?? /^([A-Za-z]{3})\s*(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (match === null) return undefined;
  const [amount, currency] = /^\d/.test(match[1]!) ? [match[1]!, match[2]!] : [match[2]!, match[1]!];
  return { amount: Number(amount), currency: currency.toUpperCase() };
}

/** "Roupas > Vestidos > Midi" → "Midi"; a Google category given by number stays as it is. */
function lastLevel(path: string | undefined): string | undefined {
  const level = path
    ?.split('>')
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return level === undefined || level === '' ? undefined : level;
}
