import type { ValidationIssue } from '../shared/errors.js';

/** At most `requests` requests in each window of `windowSeconds` seconds. */
export interface RateLimit {
  readonly requests: number;
  readonly windowSeconds: number;
}

export const MAX_RATE_LIMIT_REQUESTS = 1_000_000_000;
/** A day: longer windows would make a client that went over wait for too long. */
export const MAX_RATE_LIMIT_WINDOW_SECONDS = 86_400;

/** What is wrong with a rate limit, each problem under `path`. */
export function rateLimitIssues(limit: RateLimit, path: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!Number.isInteger(limit.requests) || limit.requests < 1 || limit.requests > MAX_RATE_LIMIT_REQUESTS) {
    issues.push({ path: `${path}.requests`, message: `must be a whole number from 1 to ${MAX_RATE_LIMIT_REQUESTS}` });
  }
  if (!Number.isInteger(limit.windowSeconds) || limit.windowSeconds < 1 || limit.windowSeconds > MAX_RATE_LIMIT_WINDOW_SECONDS) {
    issues.push({
      path: `${path}.windowSeconds`,
      message: `must be a whole number of seconds from 1 to ${MAX_RATE_LIMIT_WINDOW_SECONDS}`,
    });
  }
  return issues;
}
