import type { ValidationIssue } from '../../domain/shared/errors.js';

/** The most items one batch request may hold. */
export const MAX_BATCH_ITEMS = 1_000;

/** An item of a batch: its position in the request, and either its content or why its shape was refused. */
export type BatchItem<T> =
  | { readonly index: number; readonly input: T }
  | { readonly index: number; readonly id?: string | undefined; readonly errors: readonly ValidationIssue[] };

/** An item of a batch that was refused, with why. */
export interface InvalidOutcome {
  readonly index: number;
  readonly id?: string | undefined;
  readonly status: 'invalid';
  readonly errors: readonly ValidationIssue[];
}

/** What became of one item of a batch. */
export type ItemOutcome =
  { readonly index: number; readonly id: string; readonly status: 'created' | 'replaced' | 'unchanged' } | InvalidOutcome;

/** What a batch write answers: each item's outcome in request order, and how many of each. */
export interface BatchOutcome {
  readonly results: readonly ItemOutcome[];
  readonly created: number;
  readonly replaced: number;
  readonly unchanged: number;
  readonly invalid: number;
}

export function summarise(results: ItemOutcome[]): BatchOutcome {
  results.sort((a, b) => a.index - b.index);
  const count = (status: ItemOutcome['status']) => results.filter((r) => r.status === status).length;
  return {
    results,
    created: count('created'),
    replaced: count('replaced'),
    unchanged: count('unchanged'),
    invalid: count('invalid'),
  };
}

/** The outcome of an item whose shape was refused before it reached the use case. */
export function refusedItem(item: Extract<BatchItem<unknown>, { errors: unknown }>): InvalidOutcome {
  return { index: item.index, id: item.id, status: 'invalid', errors: item.errors };
}
