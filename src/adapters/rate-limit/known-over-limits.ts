import type { QuotaState } from '../../domain/auth/request-limiter.js';
import type { RateLimit } from '../../domain/auth/rate-limit.js';

/**
 * What this process has seen go over its limit, until its window ends: the `knownOver` half of a
 * RequestLimiter, shared by the limiters of every store.
 */
export abstract class KnownOverLimits {
  /** Buckets found over their limit, until when (process time). */
  private readonly over = new Map<string, { consumed: number; until: number }>();

  knownOver(bucket: string, limit: RateLimit): QuotaState | undefined {
    if (this.over.size === 0) return undefined;
    const key = `${limit.requests}/${limit.windowSeconds}:${bucket}`;
    const known = this.over.get(key);
    if (known === undefined) return undefined;
    const now = performance.now();
    if (now < known.until) return { consumed: known.consumed, resetMs: known.until - now };
    this.over.delete(key);
    return undefined;
  }

  /** Remembers a bucket found over its limit, more than its requests counted (or forgets it once it is not). */
  protected learn(bucket: string, limit: RateLimit, state: QuotaState): QuotaState {
    if (state.consumed > limit.requests)
      this.over.set(`${limit.requests}/${limit.windowSeconds}:${bucket}`, {
        consumed: state.consumed,
        until: performance.now() + state.resetMs,
      });
    else if (this.over.size > 0) this.over.delete(`${limit.requests}/${limit.windowSeconds}:${bucket}`);
    return state;
  }
}
