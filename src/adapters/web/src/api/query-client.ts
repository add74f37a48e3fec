import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** How often a read that failed for a passing reason (429, 5xx, the network) is tried again before it is given up. */
export const MOST_RETRIES = 8;
/** The wait before trying again when the service named none: doubled each time from 1 s, at most 30 s. */
export function backoffMs(failures: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
}

/** Whether a read that failed is tried again: never a refusal (4xx other than 429), which would fail the same way. */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (failures >= MOST_RETRIES) return false;
  return error instanceof ApiError ? error.transient : true;
}

/** The wait before the next try: the service's Retry-After when it gave one, else the backoff. */
export function retryDelayMs(failures: number, error: unknown): number {
  return error instanceof ApiError && error.retryAfterMs !== undefined ? error.retryAfterMs : backoffMs(failures);
}

/**
 * The builder's one cache of what it read from the service (TanStack Query): reads are shared by
 * every screen, kept fresh for a few seconds, retried after a 429 or an outage as the service asks;
 * writes are never retried by themselves (the merchandiser decides), and invalidate what they change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay: retryDelayMs, staleTime: 5_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
