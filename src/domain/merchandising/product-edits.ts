import { ValidationError, type ValidationIssue } from '../shared/errors.js';
import { newProductIdProblem } from '../product/product.js';
import { productListIssues } from './slice.js';

/** One change to a slice's product list; positions count from 1. */
export type ProductEdit =
  | { readonly op: 'add'; readonly productId: string; readonly position?: number | undefined }
  | { readonly op: 'remove'; readonly productId: string }
  | { readonly op: 'move'; readonly productId: string; readonly position: number };

export const MAX_EDITS = 500;

/**
 * Applies edits in order to a product list and answers the new list, positions 1..n without gaps.
 * `add` without a position appends. Every edit is checked against the list as the edits before it
 * left it; the 500 limit and duplicates are checked on the result. Throws a ValidationError naming
 * every problem (`operations.2.position`), in which case nothing is applied.
 */
export function applyProductEdits(products: readonly string[], edits: readonly ProductEdit[]): string[] {
  const issues: ValidationIssue[] = [];
  if (edits.length === 0) issues.push({ path: 'operations', message: 'must hold at least one operation' });
  if (edits.length > MAX_EDITS) issues.push({ path: 'operations', message: `must hold at most ${MAX_EDITS} operations` });
  const list = [...products];
  edits.forEach((edit, i) => {
    const path = `operations.${i}`;
    const id = edit.productId.trim();
    if (id.length === 0) {
      issues.push({ path: `${path}.productId`, message: 'must not be empty' });
      return;
    }
    const at = list.indexOf(id);
    switch (edit.op) {
      case 'add': {
        const problem = newProductIdProblem(id);
        if (problem !== undefined) {
          issues.push({ path: `${path}.productId`, message: problem });
          return;
        }
        const position = edit.position ?? list.length + 1;
        if (!isPosition(position, list.length + 1)) {
          issues.push({ path: `${path}.position`, message: `must be a whole number from 1 to ${list.length + 1}` });
          return;
        }
        list.splice(position - 1, 0, id);
        return;
      }
      case 'remove':
        if (at < 0) issues.push({ path: `${path}.productId`, message: `is not in the slice (${id})` });
        else list.splice(at, 1);
        return;
      case 'move':
        if (at < 0) {
          issues.push({ path: `${path}.productId`, message: `is not in the slice (${id})` });
          return;
        }
        if (!isPosition(edit.position, list.length)) {
          issues.push({ path: `${path}.position`, message: `must be a whole number from 1 to ${list.length}` });
          return;
        }
        list.splice(at, 1);
        list.splice(edit.position - 1, 0, id);
        return;
    }
  });
  if (issues.length === 0) issues.push(...productListIssues(list));
  if (issues.length > 0) throw new ValidationError(issues);
  return list;
}

function isPosition(position: number, max: number): boolean {
  return Number.isInteger(position) && position >= 1 && position <= max;
}
