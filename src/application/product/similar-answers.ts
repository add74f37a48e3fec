import { blendNeighbours, type NeighbourSource } from '../../domain/product/neighbour-blend.js';
import { scoreNeighbourSessions, sessionQuery } from '../../domain/product/session-neighbours.js';
import {
  EMPTY_TASTE,
  rankForShopper,
  shopperTaste,
  type RankedCandidate,
  type ShopperTaste,
  type TasteSignal,
} from '../../domain/product/shopper-ranking.js';
import {
  MAX_SIMILAR_LIMIT,
  type Recommendation,
  type ShopperHistory,
  type ShopperQuery,
  type SimilarityIndex,
  type StyleTerms,
} from '../../domain/product/similarity.js';
import type { SimilarityPolicy } from '../../domain/product/similarity-policy.js';
import { RecentlyUsed } from '../shared/recently-used.js';

/** How many products' answers for everyone are kept, the least recently asked forgotten first (the hot products are asked about again and again). */
const KEPT_ANSWERS = 10_000;

/** An answer for everyone asked with a limit up to this is made at this size and kept (one answer serves every smaller limit). */
const SMALL_ANSWER = 50;

/** How many of the profile's style terms a product must carry to count as fully in its style. */
const STYLE_TERMS_FOR_FULL_MATCH = 2;

interface KeptAnswer {
  readonly stamp: number;
  /** The limit it was made for (it holds fewer when fewer products qualify). */
  readonly size: number;
  /** Whether it was topped up from what is popular overall (its validity then follows that ranking too). */
  readonly usedOverall: boolean;
  /** The category it was topped up from (its validity then follows that category's products too). */
  readonly usedCategory: string | undefined;
  /** The products it named or passed over, and whether each was available then (`shown`, in the same order). */
  readonly looked: readonly string[];
  readonly shown: readonly boolean[];
  /** The index's availability version when `looked` was last found as it was. */
  checked: number;
  readonly answer: Recommendation;
  /** The answer cut to each limit asked, frozen: the same answer is the same object, rendered once. */
  readonly cuts: Map<number, Recommendation>;
}

/** What making an answer read beyond the product's own stamp: its top-ups, and the availability of the products it considered. */
interface Reads {
  overall: boolean;
  category: string | undefined;
  readonly looked: string[];
  readonly shown: boolean[];
}

/** A kept answer's products as the shopper's re-ranking reads them, for one style. */
interface Candidates {
  readonly style: StyleTerms;
  readonly list: readonly (RankedCandidate & { readonly from: NeighbourSource })[];
}

/** A re-ranked answer with what it was made from: valid while all of them are the same objects. */
interface LastRanked {
  readonly answer: Recommendation;
  readonly limit: number;
  readonly taste: ShopperTaste;
  readonly style: StyleTerms;
  readonly result: Recommendation;
}

/** A shopper's taste as last worked out: valid while their history is the same and no counted event has aged out. */
interface KeptTaste {
  readonly version: number;
  readonly from: number;
  readonly until: number;
  readonly taste: ShopperTaste;
}

const NO_STYLE: StyleTerms = Object.freeze({ size: 0 });

/**
 * Similar-products answers, composed from what the similarity index knows by the domain's rules
 * (SimilarityPolicy): the past sessions most like the shopper's (session-kNN), the products the
 * session saw before (shoppers go back to them), what is popular in the product's category now,
 * the catalog's neighbours and the top-ups (neighbour-blend); then, for a shopper something is
 * known of, their purchases left out and the rest re-ranked to their taste (shopper-ranking).
 *
 * An answer that depends on the product alone (no session with other products, nobody known) is
 * kept until the index says it may have changed: its answer stamp (the product, its lists, its
 * behaviour), the stamps of the top-ups it read, and the availability of every product it named
 * or passed over (checked again after a catalog write). A write thus makes again the answers it
 * changes, not every one. A session's answer is made for each request (a few short walks of the
 * index). Every cache is this object's, bounded.
 */
export class SimilarAnswers {
  private readonly kept = new RecentlyUsed<KeptAnswer>(KEPT_ANSWERS);
  private readonly candidates = new WeakMap<Recommendation, Candidates>();
  /** Each shopper's (or, without a history, each style's) last re-ranked answer, and what it was made from. */
  private readonly lastRanked = new WeakMap<object, LastRanked>();
  private readonly tastes = new WeakMap<ShopperHistory, KeptTaste>();
  private readonly styles = new WeakMap<readonly string[], { readonly version: number; readonly terms: StyleTerms }>();

  constructor(
    private readonly index: SimilarityIndex,
    private readonly policy: SimilarityPolicy,
  ) {}

  /** Whether the index knows the product (an answer can be given). */
  knows(productId: string): boolean {
    return this.index.productOf(productId) !== undefined;
  }

  /** The answer for a product when nothing is known of who asks; undefined for a product the index does not know. */
  forEveryone(productId: string, limit: number): Recommendation | undefined {
    const size = limit <= SMALL_ANSWER ? SMALL_ANSWER : MAX_SIMILAR_LIMIT;
    let found = this.kept.get(productId);
    if (found === undefined || found.size < size || !this.stands(productId, found)) {
      const checked = this.index.availabilityVersion;
      const used: Reads = { overall: false, category: undefined, looked: [], shown: [] };
      const answer = this.compose(productId, [], size, undefined, used);
      if (answer === undefined) return undefined;
      // Stamped after it is made: making it may have brought lists up to date (a newer stamp).
      const stamp = this.stampOf(productId, used.overall, used.category);
      found = {
        stamp,
        size,
        usedOverall: used.overall,
        usedCategory: used.category,
        looked: used.looked,
        shown: used.shown,
        checked,
        answer: frozen(answer),
        cuts: new Map(),
      };
      this.kept.set(productId, found);
    }
    return cutOf(found, limit);
  }

  /** Whether a kept answer is still the answer: its stamps stand, and the products it considered are as available as they were. */
  private stands(productId: string, kept: KeptAnswer): boolean {
    if (kept.stamp !== this.stampOf(productId, kept.usedOverall, kept.usedCategory)) return false;
    const version = this.index.availabilityVersion;
    if (kept.checked === version) return true;
    const { looked, shown } = kept;
    for (let i = 0; i < looked.length; i++) if (this.shown(looked[i]!) !== shown[i]) return false;
    kept.checked = version;
    return true;
  }

  private shown(id: string): boolean {
    return this.index.productOf(id)?.available === true;
  }

  /**
   * The answer for a product asked by a shopper: chosen with what their session saw in its latest
   * visit (an empty, unknown or one-product session answers as for everyone), then, when their
   * history or their profile's style is known, their purchases left out and the rest re-ranked to
   * their taste. Undefined for a product the index does not know.
   */
  forShopper(productId: string, limit: number, shopper: ShopperQuery): Recommendation | undefined {
    const seen = shopper.sessionId === undefined ? [] : this.index.sessionProducts(shopper.sessionId, shopper.now, productId);
    const history = shopper.userId === undefined ? undefined : this.index.shopper(shopper.userId);
    const style = this.styleTermsOf(shopper.styleWords);
    const ranks = history !== undefined || style.size > 0;
    const size = ranks ? Math.max(limit, this.policy.shopperPool) : limit;
    const fromSession = seen.some((id) => id !== productId);
    const answer = fromSession ? this.compose(productId, seen, size, shopper.sessionId) : this.forEveryone(productId, size);
    if (answer === undefined || !ranks) return answer;
    return this.ranked(answer, limit, history, style, shopper.now.getTime());
  }

  /** Where a product of `productId`'s answer for everyone comes from now; undefined when that answer does not hold it. */
  sourceOf(productId: string, neighbourId: string): NeighbourSource | undefined {
    const answer = this.forEveryone(productId, MAX_SIMILAR_LIMIT);
    const at = answer?.ids.indexOf(neighbourId) ?? -1;
    return at < 0 ? undefined : answer!.from[at];
  }

  /** What a kept answer is valid for: the product's stamp, and the stamps of the top-ups it read. */
  private stampOf(productId: string, usedOverall: boolean, usedCategory: string | undefined): number {
    const stamp = this.index.answerStamp(productId);
    if (stamp < 0) return stamp;
    const overall = usedOverall ? this.index.overallStamp() : 0;
    return Math.max(stamp, overall, usedCategory === undefined ? 0 : this.index.categoryStamp(usedCategory));
  }

  private compose(
    productId: string,
    seen: readonly string[],
    limit: number,
    sessionId?: string,
    used?: Reads,
  ): Recommendation | undefined {
    const { index, policy } = this;
    const product = index.productOf(productId);
    if (product === undefined) return undefined;
    const query = sessionQuery(seen, productId, policy);
    const neighbours = index.nearestSessions(query, policy.neighbourSessions, policy.sessionsPerProduct, sessionId);
    const catalog = index.catalogNeighbours(productId);
    const reminders = query.products.slice(0, -1).reverse();
    return blendNeighbours(
      productId,
      {
        curated: catalog?.source === 'curated' ? catalog.ids : undefined,
        behaviour: scoreNeighbourSessions(neighbours, policy),
        evidence: index.evidence(productId),
        reminders,
        popular: product.category === undefined ? undefined : index.popular(product.category, policy.popularPool),
        catalog: catalog === undefined || catalog.source === 'curated' ? [] : catalog.ids,
        catalogSource: catalog?.source === 'embedding' ? 'embedding' : 'content',
        category: () => {
          if (used !== undefined) used.category = product.category;
          return index.categoryNeighbours(productId, limit);
        },
        overall: () => {
          if (used !== undefined) used.overall = true;
          return index.popular(undefined, limit + 1);
        },
      },
      limit,
      policy,
      used === undefined
        ? (id) => this.shown(id)
        : (id) => {
            const shown = this.shown(id);
            used.looked.push(id);
            used.shown.push(shown);
            return shown;
          },
    );
  }

  /** An answer re-ranked for a shopper: their purchases out, their taste and style lifting what matches them; cut to `limit`. */
  private ranked(
    answer: Recommendation,
    limit: number,
    history: ShopperHistory | undefined,
    style: StyleTerms,
    now: number,
  ): Recommendation {
    const taste = history === undefined ? EMPTY_TASTE : this.tasteOf(history, now);
    const owner = history ?? style;
    const last = this.lastRanked.get(owner);
    // The same shopper asking the same kept answer again, nothing of theirs changed: the same answer.
    if (last !== undefined && last.answer === answer && last.limit === limit && last.taste === taste && last.style === style) {
      return last.result;
    }
    const ranked = rankForShopper(this.candidatesOf(answer, style), { taste, purchased: history?.purchased }).slice(0, limit);
    const result = frozen({ ids: ranked.map((c) => c.id), from: ranked.map((c) => c.from) });
    this.lastRanked.set(owner, { answer, limit, taste, style, result });
    return result;
  }

  /**
   * An answer's products as the re-ranking reads them (category, brand, how much of the style each
   * holds), made once per answer and style: a kept answer asked again by shoppers of one style
   * reads them.
   */
  private candidatesOf(answer: Recommendation, style: StyleTerms): Candidates['list'] {
    const found = this.candidates.get(answer);
    if (found !== undefined && found.style === style) return found.list;
    const list = answer.ids.map((id, i) => {
      const product = this.index.productOf(id);
      return {
        id,
        from: answer.from[i]!,
        category: product?.category,
        brand: product?.brand,
        style: style.size === 0 ? 0 : Math.min(1, this.index.styleMatches(id, style) / STYLE_TERMS_FOR_FULL_MATCH),
      };
    });
    this.candidates.set(answer, { style, list });
    return list;
  }

  /**
   * The taste of a shopper's events of the last `tasteHorizonMs` at `now` (an event exactly that
   * old still counts), worked out again only when they have a new event or the oldest event
   * counted ages out.
   */
  private tasteOf(history: ShopperHistory, now: number): ShopperTaste {
    const kept = this.tastes.get(history);
    if (kept !== undefined && kept.version === history.version && now >= kept.from && now <= kept.until) return kept.taste;
    const horizon = this.policy.tasteHorizonMs;
    const signals: TasteSignal[] = [];
    let until = Number.POSITIVE_INFINITY;
    for (const event of history.recent) {
      const at = event.at.getTime();
      if (at < now - horizon) continue;
      until = Math.min(until, at + horizon);
      const product = this.index.productOf(event.productId);
      if (product === undefined) continue;
      signals.push({ category: product.category, brand: product.brand, weight: this.policy.eventWeights[event.type] ?? 0 });
    }
    const taste = shopperTaste(signals);
    this.tastes.set(history, { version: history.version, from: now, until, taste });
    return taste;
  }

  /** A profile's style words as the catalog's terms, worked out once per list of words (the profile cache hands out the same list) while the catalog is the same. */
  private styleTermsOf(words: readonly string[] | undefined): StyleTerms {
    if (words === undefined || words.length === 0) return NO_STYLE;
    const version = this.index.catalogVersion;
    const kept = this.styles.get(words);
    if (kept !== undefined && kept.version === version) return kept.terms;
    const terms = this.index.styleTerms(words.join(' '));
    this.styles.set(words, { version, terms });
    return terms;
  }
}

/** A kept answer cut to `limit`, the same object each time it is asked. */
function cutOf(kept: KeptAnswer, limit: number): Recommendation {
  const { answer } = kept;
  if (answer.ids.length <= limit) return answer;
  let cut = kept.cuts.get(limit);
  if (cut === undefined)
    kept.cuts.set(limit, (cut = frozen({ ids: answer.ids.slice(0, limit), from: answer.from.slice(0, limit) })));
  return cut;
}

function frozen(answer: Recommendation): Recommendation {
  return Object.freeze({ ids: Object.freeze([...answer.ids]), from: Object.freeze([...answer.from]) });
}
