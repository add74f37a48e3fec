import type { CatalogNames } from '../product/catalog-search.js';

/** What a merchandiser's text brief was read as: price bounds, the catalog's categories and brands it names, and the other words. */
export interface BriefReading {
  /** The words left to search by: lower-cased, without accents, stop words and what was recognised; in the brief's order. */
  readonly words: readonly string[];
  readonly minPrice?: number;
  readonly maxPrice?: number;
  /** Category names of the catalog, as the catalog writes them. */
  readonly categories: readonly string[];
  /** Brand names of the catalog, as the catalog writes them. */
  readonly brands: readonly string[];
}

export const MAX_BRIEF_LENGTH = 500;

/**
 * Reads a brief such as "vestidos leves para casamento de dia até R$ 400" (Portuguese or English):
 * price phrases become bounds ("até R$ 400", "abaixo de 300,00", "acima de 100", "entre R$ 100 e
 * R$ 300", "de 100 a 300", "under $400", "over 100", "between 100 and 300"; Brazilian and English
 * number formats, "1.299,90" and "1,299.90"); the catalog's category and brand names found in it
 * (ignoring case and accents, multi-word names, singular or plural) become filters, a category
 * first when a name is both; the other words, stop words dropped, are left to search by.
 * Deterministic, no model: the same brief and names read the same.
 */
export function readBrief(brief: string, names: CatalogNames): BriefReading {
  const prices = readPrices(fold(brief.slice(0, MAX_BRIEF_LENGTH)));
  const tokens = prices.rest.split(/[^\p{L}\p{N}]+/u).filter((t) => t.length > 0);
  const matcher = new NameMatcher(names);
  const categories = new Set<string>();
  const brands = new Set<string>();
  const words: string[] = [];
  for (let at = 0; at < tokens.length;) {
    const found = matcher.longestAt(tokens, at);
    if (found !== undefined) {
      for (const name of found.names) (found.kind === 'category' ? categories : brands).add(name);
      at += found.length;
      continue;
    }
    const token = tokens[at++]!;
    if (token.length >= 2 && !STOP_WORDS.has(token) && !words.includes(token)) words.push(token);
  }
  return {
    words,
    ...(prices.min !== undefined ? { minPrice: prices.min } : {}),
    ...(prices.max !== undefined ? { maxPrice: prices.max } : {}),
    categories: [...categories],
    brands: [...brands],
  };
}

/** Lower-cased, without accents (`Até R$ 1.299,90` → `ate r$ 1.299,90`). */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words that say nothing of the products wanted (Portuguese and English), and words of price phrases left alone. */
const STOP_WORDS = new Set(
  (
    'de da do das dos e em com para pra pro por um uma uns umas o a os as no na nos nas ao aos que se sua seu suas seus ' +
    'ou mais muito muita bem ja ate entre acima abaixo menos reais real quero preciso algo alguns algumas ' +
    'the and for with of in on to an by from or at is it this that some any my our your up under below over above ' +
    'between than less more want need show me'
  ).split(' '),
);

// ---- Prices -------------------------------------------------------------------------------

/** A number as people write prices: `400`, `300,00`, `1.299,90`, `1,299.90`, `19.90`. */
const NUMBER = String.raw`\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?(?!\d)`;
/** A price: a number with an optional currency before, and `mil` or a currency word after. */
const AMOUNT = String.raw`(?:(?:r|us)?\$\s*)?(${NUMBER})(\s*mil\b)?(?:\s*(?:reais|real|brl|usd|dolares|dollars?)\b)?`;

const RANGE = new RegExp(String.raw`\b(?:entre|between|de|from)\s+${AMOUNT}\s*(?:e|and|a|ate|to|-)\s*${AMOUNT}`, 'g');
const AT_MOST = new RegExp(
  String.raw`(?:\b(?:ate|abaixo\s+de|menos\s+de|no\s+maximo|maximo\s+de|maximo|max|inferior\s+a|under|below|less\s+than|up\s+to|at\s+most|cheaper\s+than)|<=?)\s*(?:de\s+)?${AMOUNT}`,
  'g',
);
const AT_LEAST = new RegExp(
  String.raw`(?:\b(?:acima\s+de|mais\s+de|a\s+partir\s+de|no\s+minimo|minimo\s+de|minimo|superior\s+a|pelo\s+menos|over|above|more\s+than|at\s+least|starting\s+at|from)|>=?)\s*${AMOUNT}`,
  'g',
);
/** A price with a currency and no phrase around it ("R$ 250"): not a bound, and not a word to search by either. */
const BARE_PRICE = new RegExp(
  String.raw`(?:(?:r|us)?\$\s*(?:${NUMBER})|(?:${NUMBER})\s*(?:reais|real|brl|usd|dolares|dollars?)\b)`,
  'g',
);

/** The price bounds of a folded brief, and the brief without the phrases that gave them. */
function readPrices(text: string): { min?: number; max?: number; rest: string } {
  let min: number | undefined;
  let max: number | undefined;
  const tighten = (bound: 'min' | 'max', value: number | undefined) => {
    if (value === undefined) return;
    if (bound === 'min') min = min === undefined ? value : Math.max(min, value);
    else max = max === undefined ? value : Math.min(max, value);
  };
  let rest = text.replace(RANGE, (_all, n1: string, k1: string | undefined, n2: string, k2: string | undefined) => {
    const [a, b] = [amount(n1, k1), amount(n2, k2)];
    if (a === undefined || b === undefined) return ' ';
    tighten('min', Math.min(a, b));
    tighten('max', Math.max(a, b));
    return ' ';
  });
  rest = rest.replace(AT_MOST, (_all, n: string, k: string | undefined) => {
    tighten('max', amount(n, k));
    return ' ';
  });
  rest = rest.replace(AT_LEAST, (_all, n: string, k: string | undefined) => {
    tighten('min', amount(n, k));
    return ' ';
  });
  rest = rest.replace(BARE_PRICE, ' ');
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), rest };
}

/**
 * The value of a written number: with both `.` and `,`, the last one is the decimal mark; with
 * one of them, it groups thousands when every group after it has three digits (`1.299`, `1,299`),
 * else it is the decimal mark (`300,00`, `19.90`). `mil` multiplies by 1,000.
 */
export function priceValue(written: string, thousand = false): number | undefined {
  const lastDot = written.lastIndexOf('.');
  const lastComma = written.lastIndexOf(',');
  let normal: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    normal = written.replaceAll(group, '').replace(decimal, '.');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const mark = lastDot >= 0 ? '.' : ',';
    const groups = written.split(mark);
    const grouping = groups.slice(1).every((g) => g.length === 3);
    normal = grouping ? groups.join('') : groups.join('.');
  } else normal = written;
  const value = Number(normal) * (thousand ? 1000 : 1);
  return Number.isFinite(value) && value <= 1e12 ? value : undefined;
}

function amount(written: string, thousand: string | undefined): number | undefined {
  return priceValue(written, thousand !== undefined);
}

// ---- Names --------------------------------------------------------------------------------

/**
 * The forms a word may be the plural of, its own included (Portuguese and English, simply):
 * vestidos → vestido, flores → flor, calções → calcao, casuais → casual, dresses → dress.
 * Two words are the same when their forms meet.
 */
function forms(word: string): string[] {
  const out = [word];
  const add = (form: string) => {
    if (form.length >= 3 && !out.includes(form)) out.push(form);
  };
  if (word.length <= 3 || !word.endsWith('s') || word.endsWith('ss')) return out;
  add(word.slice(0, -1));
  if (word.endsWith('es')) add(word.slice(0, -2));
  for (const [plural, singular] of PLURAL_ENDINGS) if (word.endsWith(plural)) add(word.slice(0, -plural.length) + singular);
  return out;
}

const PLURAL_ENDINGS: readonly (readonly [string, string])[] = [
  ['oes', 'ao'],
  ['aes', 'ao'],
  ['ais', 'al'],
  ['eis', 'el'],
  ['ois', 'ol'],
  ['uis', 'ul'],
  ['ns', 'm'],
];

interface KnownName {
  readonly name: string;
  readonly kind: 'category' | 'brand';
  /** The forms of each of its words. */
  readonly words: readonly (readonly string[])[];
}

/** Finds the catalog's names in a brief's words, the longest name first. */
class NameMatcher {
  /** Names by every form of their first word. */
  private readonly byFirstForm = new Map<string, KnownName[]>();

  constructor(names: CatalogNames) {
    const add = (name: string, kind: KnownName['kind']) => {
      const tokens = fold(name)
        .split(/[^\p{L}\p{N}]+/u)
        .filter((t) => t.length > 0);
      // A name of stop words only ("A", "Para") would be found in every brief.
      if (tokens.length === 0 || tokens.every((t) => t.length < 2 || STOP_WORDS.has(t))) return;
      const known: KnownName = { name, kind, words: tokens.map(forms) };
      for (const form of known.words[0]!) {
        const list = this.byFirstForm.get(form);
        if (list === undefined) this.byFirstForm.set(form, [known]);
        else list.push(known);
      }
    };
    for (const name of names.categories) add(name, 'category');
    for (const name of names.brands) add(name, 'brand');
  }

  /** The longest names that start at `at` (all of one kind: categories before brands), and how many words they take. */
  longestAt(tokens: readonly string[], at: number): { names: string[]; kind: KnownName['kind']; length: number } | undefined {
    const candidates = new Set<KnownName>();
    for (const form of forms(tokens[at]!)) for (const known of this.byFirstForm.get(form) ?? []) candidates.add(known);
    let best: { names: string[]; kind: KnownName['kind']; length: number } | undefined;
    for (const known of candidates) {
      const length = known.words.length;
      if (!known.words.every((wordForms, i) => at + i < tokens.length && meet(wordForms, forms(tokens[at + i]!)))) continue;
      const better =
        best === undefined ||
        length > best.length ||
        (length === best.length && known.kind === 'category' && best.kind === 'brand');
      if (better) best = { names: [known.name], kind: known.kind, length };
      else if (length === best!.length && known.kind === best!.kind && !best!.names.includes(known.name))
        best!.names.push(known.name);
    }
    return best;
  }
}

function meet(a: readonly string[], b: readonly string[]): boolean {
  return a.some((form) => b.includes(form));
}
