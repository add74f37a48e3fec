import { RateLimiterCluster, RateLimiterClusterMaster, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimit } from '../../domain/auth/rate-limit.js';
import type { Logger } from '../logging/logger.js';
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

  protected create(limit: RateLimit, keyPrefix: string): RateLimiterAbstract {
    return new RateLimiterCluster({
      points: limit.requests,
      duration: limit.windowSeconds,
      keyPrefix: `vitrine:${keyPrefix}`,
      timeoutMs: CLUSTER_TIMEOUT_MS,
    });
  }
}

/** In the primary process: the count the ClusterRequestLimiter of each worker asks for. */
export function startRateLimitMaster(): void {
  new RateLimiterClusterMaster();
}
