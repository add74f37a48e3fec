import { token } from '../shared/token.js';

/** What a lookup found: the cached text, if any, and a stamp to hand back when storing a fresh answer. */
export interface CacheLookup {
  readonly value: string | undefined;
  /** Opaque: lets `store` tell whether the key was invalidated since this lookup. */
  readonly stamp: unknown;
  /** When the found value may be served (present with a value). */
  readonly validity?: Validity | undefined;
}

/** Told of what other instances sharing the cache invalidated. */
export interface InvalidationListener {
  /** These keys were invalidated by another instance. */
  invalidated(keys: readonly string[]): void;
  /** News of invalidations may have been lost (the connection to the others dropped): trust nothing kept. */
  missedSome(): void;
}

/**
 * The cache of computed answers (serialised as text) that the instances of a deployment share,
 * consulted after each process's own answers and before the stores (see AnswerCache). It fails
 * open: an adapter that cannot reach its cache answers a miss and stores nothing, never an error.
 */
export interface SharedCache {
  /** False for the no-op cache: callers then skip the work of preparing answers for it. */
  readonly enabled: boolean;
  lookup(key: string): Promise<CacheLookup>;
  /**
   * Keeps `value` to be served while the clock is within `validity`, unless the key was
   * invalidated after the lookup that gave `stamp` (the answer may predate the write that
   * invalidated it). Never waits for the cache.
   */
  store(key: string, value: string, validity: Validity, stamp: unknown): void;
  /**
   * Forgets answers at once, and tells the other instances sharing the cache; resolves when done
   * or, if the cache cannot be reached, when that is known (it is then done as soon as it can be).
   */
  invalidate(keys: readonly string[]): Promise<void>;
  /** Calls `listener` with the invalidations other instances make. A cache no other instance shares never calls it. */
  watch(listener: InvalidationListener): void;
}

/**
 * When a cached answer may be served: from the instant it was computed (a clock that is behind,
 * or a test moving time back, must not see an answer of its future) until its expiry.
 */
export interface Validity {
  readonly from: Date;
  readonly until: Date;
}

export const SharedCacheToken = token<SharedCache>('SharedCache');

/** No shared cache: answers are kept in each process only, and no other instance is told of invalidations. */
export const NO_SHARED_CACHE: SharedCache = Object.freeze({
  enabled: false,
  lookup: async () => ({ value: undefined, stamp: undefined }),
  store: () => {},
  invalidate: async () => {},
  watch: () => {},
});
