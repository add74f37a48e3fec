import { describe, expect, it } from 'vitest';
import { draftEvent } from '../../src/domain/events/shopper-event.js';
import { applyProductEdits } from '../../src/domain/merchandising/product-edits.js';
import { draftSlice } from '../../src/domain/merchandising/slice.js';
import { productsFromRows } from '../../src/domain/merchandising/spreadsheet-rows.js';
import { draftProduct, newProductIdProblem, productIdProblem, SAFE_PRODUCT_ID_RULE } from '../../src/domain/product/product.js';
import { ValidationError, type ValidationIssue } from '../../src/domain/shared/errors.js';
import { aProductInput, aSliceInput, at } from '../support/mothers.js';

function issuesOf(fn: () => unknown): ValidationIssue[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return [...error.issues];
    throw error;
  }
  return [];
}

const UNSAFE = ['<img src=x onerror=alert(1)>', 'VES 001', 'a"b', "a'b", 'a/b', 'a&b', 'a%41', 'a?b', 'a#b', 'a\\b', 'a,b'];
const SAFE = ['VES-001', 'sku_12.3', 'urn:shop:42', 'a~b', '12345', 'Maçã-Verde', '製品-7', 'ÀÉÎ'];

describe('product ids a writer gives', () => {
  it('hold only letters and digits of any script and - _ . : ~', () => {
    for (const id of SAFE) expect(newProductIdProblem(id), id).toBeUndefined();
    for (const id of UNSAFE) expect(newProductIdProblem(id), id).toBe(SAFE_PRODUCT_ID_RULE);
  });

  it('still name a product stored before the rule, to read or remove it', () => {
    for (const id of UNSAFE) expect(productIdProblem(id), id).toBeUndefined();
  });

  it('are refused for a product and in its curated list', () => {
    expect(issuesOf(() => draftProduct(aProductInput({ id: '<b>x</b>', similar: ['OK-1', 'a b'] })))).toEqual([
      { path: 'id', message: SAFE_PRODUCT_ID_RULE },
      { path: 'similar.1', message: SAFE_PRODUCT_ID_RULE },
    ]);
  });

  it('are refused in a slice’s list, by an edit only for what it adds, and in a spreadsheet row', () => {
    expect(issuesOf(() => draftSlice(aSliceInput({ products: ['OK-1', 'x onerror=y'] })))).toEqual([
      { path: 'products.1', message: SAFE_PRODUCT_ID_RULE },
    ]);
    // A slice saved before the rule keeps its old ids through edits that leave them alone.
    expect(applyProductEdits(['old id'], [{ op: 'add', productId: 'NEW-1' }])).toEqual(['old id', 'NEW-1']);
    expect(issuesOf(() => applyProductEdits(['OK-1'], [{ op: 'add', productId: 'a"b' }]))).toEqual([
      { path: 'operations.0.productId', message: SAFE_PRODUCT_ID_RULE },
    ]);
    expect(issuesOf(() => productsFromRows([{ rowNumber: 2, productId: 'VES 001' }], false))).toEqual([
      { path: 'rows.2.productId', message: `${SAFE_PRODUCT_ID_RULE} (got "VES 001")` },
    ]);
  });

  it('are refused in an event', () => {
    const now = at('2026-11-21T12:00:00Z');
    const event = { type: 'view' as const, productId: '<svg onload=x>', sessionId: 's' };
    expect(issuesOf(() => draftEvent(event, now, { retentionDays: 90 }))).toEqual([
      { path: 'productId', message: SAFE_PRODUCT_ID_RULE },
    ]);
  });
});
