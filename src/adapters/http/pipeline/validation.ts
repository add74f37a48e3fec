import * as v from 'valibot';
import { ValidationError, type ValidationIssue } from '../../../domain/shared/errors.js';

/**
 * Checks untrusted input against a schema and answers its typed output, or throws a
 * ValidationError listing every problem with its dot path (`data.id`, `products.3`).
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw new ValidationError(result.issues.map(toValidationIssue));
}

export function toValidationIssue(issue: v.BaseIssue<unknown>): ValidationIssue {
  const path = v.getDotPath(issue) ?? 'body';
  const missing = issue.kind === 'schema' && issue.input === undefined;
  return { path, message: missing ? 'is required' : issue.message };
}

/** Reads a request body: it must be a JSON object (an array is not), then match the schema. */
export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw ValidationError.single('body', 'must be a JSON object');
  }
  return parseInput(schema, body);
}
