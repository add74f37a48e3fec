import * as v from 'valibot';
import { MAX_BATCH_ITEMS, type BatchItem } from '../../../application/shared/batch.js';
import type { ValidationIssue } from '../../../domain/shared/errors.js';
import { jsonObject } from './common-schemas.js';
import { parseBody } from '../pipeline/validation.js';

/** The documented body of a batch write: `{ [field]: Item[] }` with 1 to 1,000 items. */
export function batchItems<S extends v.GenericSchema>(item: S) {
  return v.pipe(v.array(item), v.minLength(1), v.maxLength(MAX_BATCH_ITEMS));
}

/**
 * Reads a batch body: the envelope must hold 1 to 1,000 items (else 400 for the whole request),
 * while each item is checked on its own, so that a bad item is reported by its index and the
 * others go ahead.
 */
export function parseBatch<T>(
  body: unknown,
  field: string,
  item: v.GenericSchema<unknown, T>,
  idOf: (raw: Record<string, unknown>) => unknown,
): BatchItem<T>[] {
  const envelope = parseBody(
    jsonObject(
      {
        [field]: v.pipe(
          v.array(v.unknown(), 'must be an array'),
          v.minLength(1, 'must hold at least one item'),
          v.maxLength(MAX_BATCH_ITEMS, `must hold at most ${MAX_BATCH_ITEMS} items`),
        ),
      },
      'must be a JSON object',
    ),
    body,
  ) as Record<string, unknown[]>;
  return envelope[field]!.map((raw, index) => {
    const result = v.safeParse(item, raw);
    if (result.success) return { index, input: result.output };
    const id = raw !== null && typeof raw === 'object' ? idOf(raw as Record<string, unknown>) : undefined;
    const errors: ValidationIssue[] = result.issues.map((issue) => ({
      path: v.getDotPath(issue) ?? 'item',
      message: issue.kind === 'schema' && issue.input === undefined ? 'is required' : issue.message,
    }));
    return { index, id: typeof id === 'string' ? id : undefined, errors };
  });
}

/** What a batch write answers: each item's outcome by its index, and the counts. */
export const BatchResponse = v.object({
  results: v.array(
    v.object({
      index: v.number(),
      id: v.optional(v.string()),
      status: v.picklist(['created', 'replaced', 'unchanged', 'invalid']),
      errors: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
    }),
  ),
  created: v.number(),
  replaced: v.number(),
  unchanged: v.number(),
  invalid: v.number(),
});
