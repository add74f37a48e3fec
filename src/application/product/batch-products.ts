import type { Clock } from '../../domain/shared/clock.js';
import { ValidationError, type ValidationIssue } from '../../domain/shared/errors.js';
import {
  draftProduct,
  embeddingDimensionProblem,
  holdsSameContent,
  productIdProblem,
  type Product,
  type ProductInput,
} from '../../domain/product/product.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import type { SimilarityIndex } from '../../domain/product/similarity.js';
import { MAX_BATCH_ITEMS, refusedItem, summarise, type BatchItem, type BatchOutcome, type ItemOutcome } from '../shared/batch.js';
import { inParallel } from '../shared/in-parallel.js';
import type { CatalogFeed } from './catalog-feed.js';

/** How many store writes a batch keeps in flight. */
const WRITES_IN_FLIGHT = 16;

/**
 * Creates or replaces up to MAX_BATCH_ITEMS products in one request. Each item is checked on its
 * own (its content, its embedding's dimension, an id given twice) and written in one step, so an
 * item is applied whole or not at all; a bad item is reported by its index and the others are
 * applied. An item that would store what is already stored is not written (re-running an import
 * changes nothing). The similarity engine follows every written product.
 */
export class UpsertProducts {
  constructor(
    private readonly products: ProductStore,
    private readonly clock: Clock,
    private readonly similarity: SimilarityIndex,
    private readonly feed: CatalogFeed,
  ) {}

  async execute(items: readonly BatchItem<ProductInput>[]): Promise<BatchOutcome> {
    if (items.length > MAX_BATCH_ITEMS) throw ValidationError.single('products', `must hold at most ${MAX_BATCH_ITEMS} products`);
    const results: ItemOutcome[] = [];
    const drafts: { index: number; draft: ProductInput }[] = [];
    const firstAt = new Map<string, number>();
    let dimension = this.similarity.embeddingDimension();
    for (const item of items) {
      if (!('input' in item)) {
        results.push(refusedItem(item));
        continue;
      }
      let draft: ProductInput;
      try {
        draft = draftProduct(item.input);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        results.push({ index: item.index, id: item.input.id, status: 'invalid', errors: error.issues });
        continue;
      }
      const errors: ValidationIssue[] = [];
      const earlier = firstAt.get(draft.id);
      if (earlier !== undefined) errors.push({ path: 'id', message: `appears already at index ${earlier} of this batch` });
      const problem = embeddingDimensionProblem(draft, dimension);
      if (problem !== undefined) errors.push({ path: 'embedding', message: problem });
      if (errors.length > 0) {
        results.push({ index: item.index, id: draft.id, status: 'invalid', errors });
        continue;
      }
      firstAt.set(draft.id, item.index);
      if (draft.embedding !== undefined) dimension ??= draft.embedding.length;
      drafts.push({ index: item.index, draft });
    }

    const stored = await this.products.getMany(drafts.map((d) => d.draft.id));
    const toWrite = drafts.filter(({ index, draft }) => {
      const current = stored.get(draft.id);
      if (current === undefined || !holdsSameContent(current, draft)) return true;
      results.push({ index, id: draft.id, status: 'unchanged' });
      return false;
    });
    const at = this.clock.now();
    const written: Product[] = [];
    try {
      await inParallel(toWrite, WRITES_IN_FLIGHT, async ({ index, draft }) => {
        const { created, product } = await this.products.save(draft, at);
        written.push(product);
        results.push({ index, id: draft.id, status: created ? 'created' : 'replaced' });
      });
    } finally {
      // Whatever was written is followed, even when a later write failed (the request then fails
      // as a whole; running it again writes what is missing and leaves the rest unchanged).
      await this.feed.saved(written);
    }
    return summarise(results);
  }
}

/** What became of each id of a batch delete. */
export interface DeleteOutcome {
  readonly deleted: readonly string[];
  readonly missing: readonly string[];
}

/** Removes up to MAX_BATCH_ITEMS products; ids no product has are reported, not an error. */
export class DeleteProducts {
  constructor(
    private readonly products: ProductStore,
    private readonly feed: CatalogFeed,
  ) {}

  async execute(ids: readonly string[]): Promise<DeleteOutcome> {
    const issues: ValidationIssue[] = [];
    if (ids.length > MAX_BATCH_ITEMS) issues.push({ path: 'ids', message: `must hold at most ${MAX_BATCH_ITEMS} ids` });
    ids.forEach((id, i) => {
      const problem = productIdProblem(id);
      if (problem !== undefined) issues.push({ path: `ids.${i}`, message: problem });
    });
    if (issues.length > 0) throw new ValidationError(issues);
    const unique = [...new Set(ids)];
    const deleted: string[] = [];
    const missing: string[] = [];
    try {
      await inParallel(unique, WRITES_IN_FLIGHT, async (id) => {
        ((await this.products.delete(id)) ? deleted : missing).push(id);
      });
    } finally {
      await this.feed.removed(deleted);
    }
    const order = new Map(unique.map((id, i) => [id, i]));
    const byRequest = (a: string, b: string) => order.get(a)! - order.get(b)!;
    return { deleted: deleted.sort(byRequest), missing: missing.sort(byRequest) };
  }
}
