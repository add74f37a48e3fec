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

  async consume(bucket: string, limit: RateLimit): Promise<QuotaState> {
    let state: QuotaState;
    if (this.pause.paused) state = await this.insurance.consume(bucket, limit);
    else {
      try {
        state = await this.count(bucket, limit);
        this.pause.succeeded();
      } catch (error) {
        this.pause.failed(error);
        state = await this.insurance.consume(bucket, limit);
      }
    }
    return this.learn(bucket, limit, state);
  }

  /** Counts one request in the shared store; rejects when the store does not answer. */
  protected abstract count(bucket: string, limit: RateLimit): Promise<QuotaState>;
}
