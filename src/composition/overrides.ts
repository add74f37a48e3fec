import type { Token } from '../domain/shared/token.js';

/** One port replaced: what `token` gives, `value` instead of what the configuration would pick. */
export interface Override {
  readonly token: Token<unknown>;
  readonly value: unknown;
}

/** Replacements for single ports (a fake clock, a prepared store, a test logger), applied in order. */
export type Overrides = readonly Override[];

/** `token` gives `value`: typed by the token, so nothing but what it promises can stand in. */
export function override<T>(token: Token<T>, value: T): Override {
  return { token, value };
}
