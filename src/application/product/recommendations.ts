import { toBase64Url } from '../../domain/product/recommendation.js';
import { Remembered } from '../shared/remembered.js';

/** How many products' encoded ids are remembered: the hot products are asked about again and again. */
const REMEMBERED_PRODUCTS = 10_000;

/**
 * Gives each answer its recommendation id: a serial unique to this instance's answer (a random
 * prefix drawn at start, then a counter) and the product the answer was for.
 */
export class RecommendationIds {
  private readonly prefix: string;
  private count = 0;
  private readonly encoded = new Remembered<string>(REMEMBERED_PRODUCTS);

  constructor() {
    this.prefix = Array.from(crypto.getRandomValues(new Uint8Array(5)), (b) => b.toString(16).padStart(2, '0')).join('');
  }

  next(productId: string): string {
    const product = this.encoded.get(productId, () => toBase64Url(productId));
    return `${this.prefix}-${(++this.count).toString(36)}.${product}`;
  }
}
