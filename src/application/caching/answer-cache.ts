import { token } from '../../domain/shared/token.js';

/** What a lookup found: the cached text, if any, and a stamp to hand back when storing a fresh answer. */
export interface CacheLookup {
  readonly value: string | undefined;
  /** Opaque: lets `store` tell whether the key was invalidated since this lookup. */
  readonly stamp: unknown;
}

/**
 * A shared cache of computed answers (serialised as text), consulted before the stores. It fails
 * open: an adapter that cannot reach its cache answers a miss and stores nothing, never an error.
 */
export interface AnswerCache {
  /** False for the no-op cache: callers then skip the work of preparing answers for it. */
  readonly enabled: boolean;
  lookup(key: string): Promise<CacheLookup>;
  /**
   * Keeps `value` to be served while the clock is within `validity`, unless the key was
   * invalidated after the lookup that gave `stamp` (the answer may predate the write that
   * invalidated it). Never waits for the cache.
   */
  store(key: string, value: string, validity: Validity, stamp: unknown): void;
  /** Forgets answers at once; resolves when done or, if the cache cannot be reached, when that is known. */
  invalidate(keys: readonly string[]): Promise<void>;
}

/**
 * When a cached answer may be served: from the instant it was computed (a clock that is behind,
 * or a test moving time back, must not see an answer of its future) until its expiry.
 */
export interface Validity {
  readonly from: Date;
  readonly until: Date;
}

export const AnswerCacheToken = token<AnswerCache>('AnswerCache');

/** No shared cache: every read computes its answer. */
export const NO_ANSWER_CACHE: AnswerCache = Object.freeze({
  enabled: false,
  lookup: async () => ({ value: undefined, stamp: undefined }),
  store: () => {},
  invalidate: async () => {},
});

export interface CacheSettings {
  /** How long an answer may be served from the cache (CACHE_TTL). */
  readonly ttlMs: number;
}

export const CacheSettingsToken = token<CacheSettings>('CacheSettings');
