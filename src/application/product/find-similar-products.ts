import { DomainError, ValidationError } from '../../domain/shared/errors.js';
import type { Clock } from '../../domain/shared/clock.js';
import { askingSessionId, askingShopperId } from '../../domain/events/shopper-event.js';
import { MAX_PRODUCT_ID_LENGTH } from '../../domain/product/product.js';
import type { ShopperStyles } from '../../domain/profile/style-words.js';
import {
  DEFAULT_SIMILAR_LIMIT,
  MAX_SIMILAR_LIMIT,
  type AnswerQuestion,
  type AnswerReads,
  type Recommendation,
  type ShopperQuery,
} from '../../domain/product/similarity.js';
import type { RecommendationCounts } from '../../domain/product/recommendation-counts.js';
import type { RecommendationIds } from './recommendations.js';
import type { SimilarAnswers } from './similar-answers.js';

export interface SimilarProductsQuery {
  readonly productId: string;
  readonly limit?: number | undefined;
  /** The shopper asking, when the channel knows them (the profile id); null, empty or blank: nobody known. */
  readonly userId?: string | null | undefined;
  readonly sessionId?: string | undefined;
}

/** An answer: the products, and the id a click on one of them names (`recommendation_click`). */
export interface SimilarProducts {
  readonly products: readonly string[];
  readonly recommendationId: string;
}

/**
 * The ids of products similar to one product, best first, for the shopper asking: composed by
 * SimilarAnswers from what the similarity index knows (which follows every catalog change and what
 * shoppers do) and the shopper's session, re-ranked for the shopper by what this process knows of
 * them. What the answer reads is made ready first (AnswerReads): a product the index does not
 * know is read from the store (another instance may have just written it); unknown there too, it
 * is 404. While news of another instance's catalog write is being read, answers wait for it, so
 * that a write anywhere is seen everywhere as soon as its news arrives.
 * Each answer gets a recommendation id and is counted, by the source of each product.
 */
export class FindSimilarProducts {
  constructor(
    private readonly answers: SimilarAnswers,
    private readonly reads: AnswerReads,
    private readonly clock: Clock,
    private readonly styles: ShopperStyles,
    private readonly ids: RecommendationIds,
    private readonly counts: RecommendationCounts,
  ) {}

  /** The answer when it can be given at once (nothing to load or wait for first); else undefined. */
  peek(query: SimilarProductsQuery): SimilarProducts | undefined {
    const limit = query.limit ?? DEFAULT_SIMILAR_LIMIT;
    if (!validLimit(limit)) return undefined;
    const shopper = this.shopper(query);
    if (!this.reads.ready(questionOf(query, shopper))) return undefined;
    const found = this.answers.forShopper(query.productId, limit, shopper);
    return found === undefined ? undefined : this.given(query.productId, found);
  }

  async execute(query: SimilarProductsQuery): Promise<SimilarProducts> {
    const limit = query.limit ?? DEFAULT_SIMILAR_LIMIT;
    if (!validLimit(limit)) {
      throw ValidationError.single('data.limit', `must be an integer from 1 to ${MAX_SIMILAR_LIMIT}`);
    }
    // No product can have a longer id (writes refuse it): not looked up.
    if (query.productId.length > MAX_PRODUCT_ID_LENGTH) throw notFound();
    const shopper = this.shopper(query);
    const known = await this.reads.prepare(questionOf(query, shopper), shopper.now);
    const found = known ? this.answers.forShopper(query.productId, limit, shopper) : undefined;
    if (found === undefined) throw notFound();
    return this.given(query.productId, found);
  }

  private shopper(query: SimilarProductsQuery): ShopperQuery {
    const userId = askingShopperId(query.userId);
    return {
      userId,
      sessionId: askingSessionId(query.sessionId),
      styleWords: userId === undefined ? undefined : this.styles.styleOf(userId),
      now: this.clock.now(),
    };
  }

  private given(productId: string, found: Recommendation): SimilarProducts {
    this.counts.shown(found.from);
    return { products: found.ids, recommendationId: this.ids.next(productId) };
  }
}

function questionOf(query: SimilarProductsQuery, shopper: ShopperQuery): AnswerQuestion {
  return { productId: query.productId, sessionId: shopper.sessionId, userId: shopper.userId };
}

function notFound(): DomainError {
  return new DomainError('PRODUCT_NOT_FOUND', 'No product has this id.');
}

function validLimit(limit: number): boolean {
  return Number.isInteger(limit) && limit >= 1 && limit <= MAX_SIMILAR_LIMIT;
}
