import { ValidationError, type ValidationIssue } from '../shared/errors.js';
import { MAX_NAME_LENGTH } from './slice.js';

export const MAX_DESCRIPTION_LENGTH = 2000;

/** A merchandising collection: a named group of time-boxed slices. */
export interface Collection {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  /** Starts at 1 and grows by one with every change: what `If-Match` compares. */
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** The name of the token that last changed the collection. */
  readonly updatedBy: string;
}

/** A collection as the builder lists it. */
export interface CollectionSummary extends Collection {
  readonly sliceCount: number;
}

export interface CollectionFields {
  readonly name: string;
  readonly description: string;
}

/** Checks a name and a description, either of which may be left unchanged (undefined). */
export function draftCollectionFields<T extends Partial<CollectionFields>>(fields: T): T {
  const issues: ValidationIssue[] = [];
  const out: { name?: string; description?: string } = {};
  if (fields.name !== undefined) {
    const name = fields.name.trim();
    if (name.length === 0) issues.push({ path: 'name', message: 'must not be empty' });
    else if (name.length > MAX_NAME_LENGTH)
      issues.push({ path: 'name', message: `must be at most ${MAX_NAME_LENGTH} characters` });
    out.name = name;
  }
  if (fields.description !== undefined) {
    const description = fields.description.trim();
    if (description.length > MAX_DESCRIPTION_LENGTH) {
      issues.push({ path: 'description', message: `must be at most ${MAX_DESCRIPTION_LENGTH} characters` });
    }
    out.description = description;
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return out as T;
}
