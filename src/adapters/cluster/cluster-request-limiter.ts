import { RateLimiterCluster, RateLimiterClusterMaster } from 'rate-limiter-flexible';
import type { QuotaState } from '../../domain/auth/request-limiter.js';
import type { RateLimit } from '../../domain/auth/rate-limit.js';
import type { Logger } from '../logging/logger.js';
import { FlexibleLimiters } from '../rate-limit/flexible-limiters.js';
import { InsuredLimiters } from '../rate-limit/insured-limiters.js';

/** How long a worker waits for the primary's count before counting on its own. */
const CLUSTER_TIMEOUT_MS = 1_000;

/**
 * Counts in the primary process of a node:cluster (WORKERS without Redis), so the workers of an
 * instance share each token's quota. The primary runs rate-limiter-flexible's cluster master
 * (see `startRateLimitMaster`).
 */
export class ClusterRequestLimiter extends InsuredLimiters {
  constructor(logger: Logger) {
    super(logger, 'The primary process');
  }

  private readonly limiters = new FlexibleLimiters(
    (limit, keyPrefix) =>
      new RateLimiterCluster({
        points: limit.requests,
        duration: limit.windowSeconds,
        keyPrefix: `vitrine:${keyPrefix}`,
        timeoutMs: CLUSTER_TIMEOUT_MS,
      }),
  );

  protected count(bucket: string, limit: RateLimit): Promise<QuotaState> {
    return this.limiters.count(bucket, limit);
  }
}

/** In the primary process: the count the ClusterRequestLimiter of each worker asks for. */
export function startRateLimitMaster(): void {
  new RateLimiterClusterMaster();
}
