import type { RateLimit } from './rate-limit.js';
import { token } from '../shared/token.js';

/** Where a bucket of requests stands in its current window. */
export interface QuotaState {
  /** Requests counted in the window, this one included. */
  readonly consumed: number;
  /** Milliseconds until the window restarts. */
  readonly resetMs: number;
}

/**
 * Counts requests in fixed windows, per bucket (a token, a client address). Shared by every
 * instance when it can be (Redis), else per process. It fails open: a limiter that cannot count
 * lets requests through rather than refusing service.
 */
export interface RequestLimiter {
  /** Counts one request in `bucket` under `limit`, and answers where the bucket stands. */
  consume(bucket: string, limit: RateLimit): Promise<QuotaState>;
  /**
   * Counts one request like `consume`, at once, when this process can without waiting for anything
   * (it holds a share of the bucket's window); else undefined, having counted nothing (`consume`
   * then counts it). A limiter that always waits has none.
   */
  consumeAtOnce?(bucket: string, limit: RateLimit): QuotaState | undefined;
  /**
   * Where `bucket` stands when this process has found it over `limit` (more than its requests
   * counted) in the current window (its own counts, or the shared count it last saw), at once and
   * counting nothing; else undefined.
   */
  knownOver(bucket: string, limit: RateLimit): QuotaState | undefined;
}

export const RequestLimiterToken = token<RequestLimiter>('RequestLimiter');
