/**
 * The outcome of a write that may find its target gone, or changed since the writer read it:
 * `stale` when an expected version was given and the stored version differs (nothing changed).
 */
export type WriteResult<T> =
  | { readonly status: 'done'; readonly value: T }
  | { readonly status: 'missing' }
  | { readonly status: 'stale'; readonly version: number };
