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
 */
export class FailurePause {
  private consecutiveFailures = 0;
  private pausedUntil = 0;
  private lastErrorLog = 0;

  constructor(
    private readonly logger: Logger,
    /** What a warning says, e.g. "Redis does not answer; reads go to the stores until it does". */
    private readonly warning: string,
  ) {}

  /** Whether the store is being left alone now. */
  get paused(): boolean {
    return performance.now() < this.pausedUntil;
  }

  succeeded(): void {
    this.consecutiveFailures = 0;
  }

  failed(error: unknown): void {
    if (++this.consecutiveFailures >= FAILURES_BEFORE_PAUSE) {
      this.pausedUntil = performance.now() + PAUSE_MS;
      this.consecutiveFailures = 0;
    }
    this.logError(error);
  }

  /**
   * Runs a request to the store that must not fail open (its caller decides what a failure means):
   * rejects at once while the store is left alone, and counts the request's success or failure.
   */
  async run<T>(request: () => Promise<T>): Promise<T> {
    if (this.paused) throw new Error('the store is left alone for a moment after failing in a row');
    try {
      const answer = await request();
      this.succeeded();
      return answer;
    } catch (error) {
      this.failed(error);
      throw error;
    }
  }

  /** Logs a failure that does not count towards a pause (a connection event, say), throttled. */
  logError(error: unknown): void {
    const now = performance.now();
    if (now - this.lastErrorLog < ERROR_LOG_INTERVAL_MS) return;
    this.lastErrorLog = now;
    this.logger.warn({ err: error }, this.warning);
  }
}
