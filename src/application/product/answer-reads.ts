import type { AnswerQuestion, AnswerReads, ListedIndex } from '../../domain/product/similarity.js';
import type { CatalogFeed } from './catalog-feed.js';

/**
 * The reads of an index this process holds whole (the engine): nothing to load, but the news of
 * other instances' catalog writes being read is waited for, and a product the engine does not
 * know yet is read from the store (written through another instance a moment ago).
 */
export class EngineReads implements AnswerReads {
  constructor(private readonly feed: CatalogFeed) {}

  prepare(question: AnswerQuestion): Promise<boolean> {
    return this.feed.ensureKnown(question.productId);
  }

  ready(): boolean {
    return !this.feed.catchingUp;
  }
}

/**
 * The reads of an index over the shared lists: what the answer reads is loaded first; a product
 * the lists do not hold yet but the store does (written a moment ago, before the builder
 * published it) is answered as a product with no neighbours of its own.
 */
export class ListedReads implements AnswerReads {
  constructor(
    private readonly index: ListedIndex,
    private readonly feed: CatalogFeed,
  ) {}

  async prepare(question: AnswerQuestion, now: Date): Promise<boolean> {
    await this.index.prepare(question, now);
    if (this.index.knows(question.productId)) return true;
    const product = (await this.feed.readFromStore([question.productId])).get(question.productId);
    if (product === undefined) return false;
    this.index.provisional(product);
    await this.index.prepare(question, now);
    return true;
  }

  ready(question: AnswerQuestion): boolean {
    return question.sessionId === undefined && question.userId === undefined && this.index.ready(question.productId);
  }
}
