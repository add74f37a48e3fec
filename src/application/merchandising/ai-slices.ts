import { DomainError, ValidationError, type ValidationIssue } from '../../domain/shared/errors.js';
import { draftSlice, MAX_SLICE_PRODUCTS, type SliceGenerator, type SliceInput } from '../../domain/merchandising/slice.js';
import type { Product } from '../../domain/product/product.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import type { CatalogFeed } from '../product/catalog-feed.js';
import type { SimilarAnswers } from '../product/similar-answers.js';
import type { WriteOptions } from '../shared/precondition.js';
import type { SliceWriter } from './slice-writer.js';
import type { SliceChange } from './views.js';

export const MAX_SEEDS = 50;

/** What an AI slice's products are chosen with: the catalog as the similarity index holds it, and its answers for everyone. */
export interface SliceNeighbours {
  readonly feed: CatalogFeed;
  readonly answers: SimilarAnswers;
}

/**
 * The products of an AI slice: the seeds' similar products for everyone, taken in turns
 * (each seed's best, then each seed's second best, ...), without repeats and without unavailable
 * products, until `size`; led by the seeds themselves when asked.
 */
export async function generateSliceProducts(
  products: ProductStore,
  { feed, answers }: SliceNeighbours,
  generator: SliceGenerator,
  unknownSeeds: 'refuse' | 'skip' = 'refuse',
): Promise<string[]> {
  const issues: ValidationIssue[] = [];
  if (generator.seeds.length === 0 || generator.seeds.length > MAX_SEEDS) {
    issues.push({ path: 'seeds', message: `must name 1 to ${MAX_SEEDS} products` });
  }
  if (!Number.isInteger(generator.size) || generator.size < 1 || generator.size > MAX_SLICE_PRODUCTS) {
    issues.push({ path: 'size', message: `must be a whole number from 1 to ${MAX_SLICE_PRODUCTS}` });
  }
  const known = await products.getMany(generator.seeds);
  if (unknownSeeds === 'refuse') {
    generator.seeds.forEach((seed, i) => {
      if (!known.has(seed)) issues.push({ path: `seeds.${i}`, message: `no product has this id (${seed})` });
    });
  } else if (known.size === 0) {
    throw new DomainError(
      'CONFLICT',
      'None of the slice’s seed products is in the catalog any more; create the slice again from other seeds.',
    );
  }
  if (issues.length > 0) throw new ValidationError(issues);

  const chosen = new Set<string>();
  const answer: string[] = [];
  const take = (id: string) => {
    if (answer.length < generator.size && !chosen.has(id)) {
      chosen.add(id);
      answer.push(id);
    }
  };
  const seeds = [...new Set(generator.seeds)].map((id) => known.get(id)).filter((p) => p !== undefined);
  if (generator.includeSeeds) for (const seed of seeds) if (seed.available) take(seed.id);
  for (const seed of seeds) chosen.add(seed.id);
  const lists: (readonly string[])[] = [];
  for (const seed of seeds) {
    const known = await feed.ensureKnown(seed.id);
    lists.push((known ? answers.forEveryone(seed.id, generator.size)?.ids : undefined) ?? []);
  }
  for (let rank = 0; answer.length < generator.size && lists.some((l) => rank < l.length); rank++) {
    for (const list of lists) {
      const id = list[rank];
      if (id !== undefined) take(id);
    }
  }
  return answer;
}

export interface AiSliceInput extends Omit<SliceInput, 'type' | 'products' | 'generator'> {
  readonly seeds: readonly string[];
  readonly size: number;
  readonly includeSeeds?: boolean | undefined;
}

export interface SeedProposalInput {
  readonly seeds: readonly string[];
  readonly size: number;
  readonly includeSeeds?: boolean | undefined;
}

/**
 * Proposes a slice's products from seed products, as CreateAiSlice would choose them, without
 * saving anything: the builder opens the proposal in the editor, and only its Save writes.
 */
export class ProposeSliceFromSeeds {
  constructor(
    private readonly products: ProductStore,
    private readonly feed: CatalogFeed,
    private readonly answers: SimilarAnswers,
  ) {}

  async execute(input: SeedProposalInput): Promise<Product[]> {
    const generator: SliceGenerator = { seeds: [...input.seeds], size: input.size, includeSeeds: input.includeSeeds ?? false };
    const ids = await generateSliceProducts(this.products, { feed: this.feed, answers: this.answers }, generator);
    const stored = await this.products.getMany(ids);
    return ids.flatMap((id) => {
      const product = stored.get(id);
      return product === undefined ? [] : [product];
    });
  }
}

/** Creates a slice whose products the similarity engine chooses from seed products. */
export class CreateAiSlice {
  constructor(
    private readonly writer: SliceWriter,
    private readonly products: ProductStore,
    private readonly feed: CatalogFeed,
    private readonly answers: SimilarAnswers,
  ) {}

  async execute(collectionId: number, input: AiSliceInput, actor: string): Promise<SliceChange> {
    const { seeds, size, includeSeeds, ...slice } = input;
    const generator: SliceGenerator = { seeds: [...seeds], size, includeSeeds: includeSeeds ?? false };
    const products = await generateSliceProducts(this.products, { feed: this.feed, answers: this.answers }, generator);
    return this.writer.create(collectionId, draftSlice({ ...slice, type: 'AI', products, generator }), actor);
  }
}

/** Chooses an AI slice's products again from its seeds, with the catalog as it is now. */
export class RegenerateAiSlice {
  constructor(
    private readonly writer: SliceWriter,
    private readonly products: ProductStore,
    private readonly feed: CatalogFeed,
    private readonly answers: SimilarAnswers,
  ) {}

  async execute(collectionId: number, sliceId: number, options: WriteOptions): Promise<SliceChange> {
    return this.writer.modify(
      collectionId,
      sliceId,
      async (slice) => {
        if (slice.type !== 'AI' || slice.generator === undefined) {
          throw new DomainError(
            'CONFLICT',
            'Only a slice created here from seed products can be generated again; this one was not.',
          );
        }
        // Seeds deleted from the catalog since are left out; the others still lead the way.
        return {
          ...slice,
          products: await generateSliceProducts(
            this.products,
            { feed: this.feed, answers: this.answers },
            slice.generator,
            'skip',
          ),
        };
      },
      options,
    );
  }
}
