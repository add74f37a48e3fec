/**
 * When a delivery is tried, after the previous attempt failed (Standard Webhooks' schedule): at
 * once, then 5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours, 10 hours and 10 hours later,
 * about 28 hours in all; after the eighth failure the delivery has failed.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** How long a receiver has to answer one attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * How long an instance holds a delivery it claimed: longer than an attempt can take, so that the
 * claim of an instance that died mid-delivery expires and another instance sends it again.
 */
export const DELIVERY_LEASE_MS = 60_000;

/** How often an instance looks for deliveries other instances enqueued, at most. */
export const DELIVERY_POLL_MS = 5_000;

/** How long the transition watcher sleeps at most: slices another instance changed are seen within it. */
export const MAX_TRANSITION_SLEEP_MS = 60_000;

/** How long finished deliveries (delivered or failed) stay in a subscription's log. */
export const DELIVERY_LOG_RETENTION_MS = 7 * 86_400_000;

/** How far back a restart looks for slice transitions it missed: past this, they are not sent late. */
export const MAX_TRANSITION_CATCH_UP_MS = 86_400_000;

/** Whether an answer's status means the receiver took the message: any 2xx. */
export function isDelivered(status: number): boolean {
  return status >= 200 && status < 300;
}

/** When to try again after `attemptsMade` failed attempts, the last at `at`; undefined: give up. */
export function nextAttemptAfterFailure(attemptsMade: number, at: Date): Date | undefined {
  const delay = RETRY_DELAYS_MS[attemptsMade];
  return delay === undefined ? undefined : new Date(at.getTime() + delay);
}
