import type { QuotaState, RequestLimiter } from '../../domain/auth/request-limiter.js';
import type { RateLimit } from '../../domain/auth/rate-limit.js';
import type { Logger } from '../logging/logger.js';
import { InMemoryRequestLimiter } from './in-memory-request-limiter.js';
import { FailurePause } from '../redis/failure-pause.js';
import { KnownOverLimits } from './known-over-limits.js';

/**
 * Counts in a store shared with other processes, and in memory (the insurance) while that store
 * does not answer: each process then holds each bucket to the whole limit on its own. After a few
 * failures in a row it stops asking the shared store for a moment, so a store that hangs costs
 * requests no waiting. `knownOver` answers from what this process last learned: the count is
 * shared, and a bucket over its limit is known to a process from its first request that finds it
 * over.
 */
export abstract class InsuredLimiters extends KnownOverLimits implements RequestLimiter {
  private readonly insurance = new InMemoryRequestLimiter();
  private readonly pause: FailurePause;

  constructor(logger: Logger, store: string) {
    super();
    this.pause = new FailurePause(logger, `${store} does not answer; rate limits are counted in this process until it does`);
  }

  /**
   * Counts without an async function's steps: a count the store's limiter makes at once (a Redis
   * lease at hand) is learnt from and answered in one settled promise, since every request of
   * every route is counted here.
   */
  consume(bucket: string, limit: RateLimit): Promise<QuotaState> {
    if (this.pause.paused) return this.insured(bucket, limit);
    const sentAt = this.pause.now();
    let counted: QuotaState | Promise<QuotaState>;
    try {
      counted = this.count(bucket, limit);
    } catch (error) {
      return this.failedOver(error, bucket, limit, sentAt);
    }
    if (!(counted instanceof Promise)) {
      this.pause.succeeded();
      return Promise.resolve(this.learn(bucket, limit, counted));
    }
    return counted.then(
      (state) => {
        this.pause.succeeded();
        return this.learn(bucket, limit, state);
      },
      (error: unknown) => this.failedOver(error, bucket, limit, sentAt),
    );
  }

  consumeAtOnce(bucket: string, limit: RateLimit): QuotaState | undefined {
    if (this.pause.paused) return undefined;
    const state = this.countAtOnce(bucket, limit);
    if (state === undefined) return undefined;
    this.pause.succeeded();
    return this.learn(bucket, limit, state);
  }

  /** The store failed to count: the insurance counts instead. */
  private failedOver(error: unknown, bucket: string, limit: RateLimit, sentAt: number): Promise<QuotaState> {
    this.pause.failed(error, sentAt);
    return this.insured(bucket, limit);
  }

  private insured(bucket: string, limit: RateLimit): Promise<QuotaState> {
    return this.insurance.consume(bucket, limit).then((state) => this.learn(bucket, limit, state));
  }

  /**
   * Counts one request in the shared store: at once when it can, else a promise that rejects when
   * the store does not answer (so may a throw).
   */
  protected abstract count(bucket: string, limit: RateLimit): QuotaState | Promise<QuotaState>;

  /** Counts one request at once from what this process holds of the shared count; undefined, counting nothing, when it holds nothing. */
  protected countAtOnce(_bucket: string, _limit: RateLimit): QuotaState | undefined {
    return undefined;
  }
}
