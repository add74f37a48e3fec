import * as v from 'valibot';
import { ValidationError, type ValidationIssue } from '../../domain/shared/errors.js';

/**
 * Checks untrusted input against a schema and answers its typed output, or throws a
 * ValidationError listing every problem with its dot path (`data.id`, `products.3`).
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw new ValidationError(result.issues.map(toValidationIssue));
}

function toValidationIssue(issue: v.BaseIssue<unknown>): ValidationIssue {
  const path = v.getDotPath(issue) ?? 'body';
  const missing = issue.kind === 'schema' && issue.input === undefined;
  return { path, message: missing ? 'is required' : issue.message };
}
