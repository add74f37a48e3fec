import type { Logger } from '../logging/logger.js';
import type { FailurePause } from './failure-pause.js';

/** How long after keeping items the outbox tries to send them again, while Redis does not take them. */
const RETRY_MS = 1_000;

/** Items sent again in one message at most (what was kept through an outage goes in several). */
const FLUSH_CHUNK = 1_000;

export interface OutboxLimits {
  /** The most items kept while Redis does not take them; beyond, the oldest are dropped (and logged). Default: no limit. */
  readonly maxKept?: number;
  /** What dropping items means, for the log line. */
  readonly whenDropped?: string;
}

/**
 * What an adapter owes Redis (invalidations, catalog news): sent at once when Redis answers, else
 * kept and sent again, every second until Redis takes it and whenever the connection is ready
 * again, so no news is lost to an outage of Redis alone. Whatever is still owed when the instance
 * stops is logged as lost.
 */
export class Outbox {
  private readonly kept = new Set<string>();
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly pause: FailurePause,
    /** Sends the items; rejects when Redis did not take them. */
    private readonly sendNow: (items: readonly string[]) => Promise<void>,
    private readonly logger: Logger,
    /** What the items are, for the log lines: "invalidations", "catalog news". */
    private readonly what: string,
    private readonly limits: OutboxLimits = {},
  ) {}

  /** Whether nothing is owed. */
  get empty(): boolean {
    return this.kept.size === 0;
  }

  /** Sends the items now, or keeps them when Redis is being left alone or does not take them. */
  async deliver(items: readonly string[]): Promise<void> {
    if (items.length === 0) return;
    if (this.pause.paused || !(await this.attempt(items))) this.keep(items);
  }

  /** Sends what was kept; answers whether nothing is owed any more. */
  async flush(): Promise<boolean> {
    if (this.kept.size === 0) return true;
    const items = [...this.kept];
    this.kept.clear();
    for (let from = 0; from < items.length; from += FLUSH_CHUNK) {
      if (!(await this.attempt(items.slice(from, from + FLUSH_CHUNK)))) {
        this.keep(items.slice(from));
        return false;
      }
    }
    this.logger.info({ items: items.length }, `sent ${this.what} Redis missed while it was away`);
    return true;
  }

  /** At stop: one last try, and a word about what could not be sent. */
  async close(): Promise<void> {
    if (this.retry !== undefined) clearTimeout(this.retry);
    this.retry = undefined;
    const owed = this.kept.size;
    if (owed > 0 && !(await this.flush()))
      this.logger.warn({ items: owed }, `${this.what} not sent: Redis did not answer before the stop`);
    if (this.retry !== undefined) clearTimeout(this.retry);
  }

  private keep(items: readonly string[]): void {
    for (const item of items) this.kept.add(item);
    const { maxKept } = this.limits;
    if (maxKept !== undefined && this.kept.size > maxKept) {
      const dropped = this.kept.size - maxKept;
      const oldest = this.kept.values();
      for (let i = 0; i < dropped; i++) this.kept.delete(oldest.next().value!);
      this.logger.warn({ items: dropped }, `${this.what} dropped while Redis is away${this.limits.whenDropped ?? ''}`);
    }
    if (this.retry !== undefined) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.flush();
    }, RETRY_MS);
    this.retry.unref();
  }

  private async attempt(items: readonly string[]): Promise<boolean> {
    const sentAt = this.pause.now();
    try {
      await this.sendNow(items);
      this.pause.succeeded();
      return true;
    } catch (error) {
      this.pause.failed(error, sentAt);
      return false;
    }
  }
}
