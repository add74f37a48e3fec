import type { Logger } from '../logging/logger.js';

/** After this many failures in a row, a shared store is left alone for PAUSE_MS. */
const FAILURES_BEFORE_PAUSE = 3;
const PAUSE_MS = 1_000;
/** A store that does not answer is logged about at most this often. */
const ERROR_LOG_INTERVAL_MS = 5_000;

/**
 * How the Redis adapters live with a Redis that does not answer: after a few failures in a row
 * they stop asking it for a moment (so a frozen Redis costs requests no waiting), and they log
 * about it now and then, not on every request.
 *
 * Failures in a row are failures one after another: the requests in flight when Redis (or this
 * process's event loop) stalls all fail together, and count as one. A request sent before the last
 * failure counted was caught in that same stall; a pause needs requests sent after it to fail too
 * (a single stall of 100 ms once paused the shared lists for a second: every fresh answer 503).
 */
export class FailurePause {
  private consecutiveFailures = 0;
  private pausedUntil = 0;
  private lastErrorLog = 0;
  /** When the last failure that counted was told (-Infinity: none yet). */
  private lastCountedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly logger: Logger,
    /** What a warning says, e.g. "Redis does not answer; reads go to the stores until it does". */
    private readonly warning: string,
    /** A monotonic clock in milliseconds: a request's sending, told to `failed`, is read on it. */
    readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether the store is being left alone now. */
  get paused(): boolean {
    return this.now() < this.pausedUntil;
  }

  succeeded(): void {
    this.consecutiveFailures = 0;
  }

  /** A request failed; `sentAt` (this clock) when it is known when it was sent. */
  failed(error: unknown, sentAt?: number): void {
    const now = this.now();
    if (sentAt === undefined || sentAt >= this.lastCountedAt) {
      this.lastCountedAt = now;
      if (++this.consecutiveFailures >= FAILURES_BEFORE_PAUSE) {
        this.pausedUntil = now + PAUSE_MS;
        this.consecutiveFailures = 0;
      }
    }
    this.logError(error);
  }

  /**
   * Runs a request to the store that must not fail open (its caller decides what a failure means):
   * rejects at once while the store is left alone, and counts the request's success or failure.
   */
  async run<T>(request: () => Promise<T>): Promise<T> {
    if (this.paused) throw new Error('the store is left alone for a moment after failing in a row');
    const sentAt = this.now();
    try {
      const answer = await request();
      this.succeeded();
      return answer;
    } catch (error) {
      this.failed(error, sentAt);
      throw error;
    }
  }

  /** Logs a failure that does not count towards a pause (a connection event, say), throttled. */
  logError(error: unknown): void {
    const now = this.now();
    if (now - this.lastErrorLog < ERROR_LOG_INTERVAL_MS) return;
    this.lastErrorLog = now;
    this.logger.warn({ err: error }, this.warning);
  }
}
