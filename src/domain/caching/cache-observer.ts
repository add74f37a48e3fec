import { token } from '../shared/token.js';

/** Where a cached answer was looked for: this process's memory, or the cache instances share. */
export type CacheLayer = 'local' | 'shared';

/**
 * Told of every cache lookup, for metrics. `family` is what the key is about (`profile`,
 * `active`, `token`); keys themselves may hold identifiers and are never passed on.
 */
export interface CacheObserver {
  lookedUp(family: string, layer: CacheLayer, hit: boolean): void;
}

export const CacheObserverToken = token<CacheObserver>('CacheObserver');

export const NO_CACHE_OBSERVER: CacheObserver = Object.freeze({ lookedUp: () => {} });
